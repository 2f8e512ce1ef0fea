// A throw-away server for a benchmark: `node --import tsx server/main.ts` on a random loopback port with a temp
// DATA_DIR (SQLite, NODE_ENV=production, demo catalogue seeded), signed in as the admin. BENCH_NODE_ARGS adds
// node flags (`--cpu-prof`, …). One process (WORKERS=1). Used by bench/readme-parse.ts, bench/release-many-files.ts and
// bench/release-upload.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const PASSWORD = 'bench-admin-password';

/** BENCH_NODE_ARGS, split: node flags a bench adds to the process it measures (`--cpu-prof`, …). */
export const benchNodeArgs = (): string[] => process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident memory of a process, in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** User + system CPU time of a process so far, in ms (clock ticks of 10 ms, /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface BenchServer {
  root: string;
  port: number;
  base: string;
  pid: number;
  /** Headers of a signed-in admin (session cookie, X-Requested-With). */
  admin: Record<string, string>;
  /** POST /api/admin/releases: the answer's status and text. */
  upload(slug: string, version: string, zipFile: string): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

/**
 * `cwd`: the checkout whose server/main.ts runs (default: this one), e.g. a `git worktree` of an older commit.
 * `env`: variables set last (e.g. `DATABASE_URL=sqlite:<a copy of a generated shop>`). `startSeconds`: how long
 * the first healthy answer may take (default 60; a generated shop of a million licences is migrated first).
 */
export async function startBenchServer(name: string, options: { cwd?: string; env?: NodeJS.ProcessEnv; startSeconds?: number } = {}): Promise<BenchServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `pls-bench-${name}-`));
  const port = 21_000 + Math.floor(Math.random() * 10_000);
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...benchNodeArgs(), '--import', 'tsx', 'server/main.ts'], {
    cwd: options.cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(root, 'no-web'),
      NODE_ENV: 'production',
      // One process: the benches sample the resident memory of the process they started (`pid`).
      WORKERS: '1',
      DATABASE_URL: '',
      ...options.env,
    },
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit').catch(() => undefined);
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (i > (options.startSeconds ?? 60) * 10) throw new Error('server did not start');
      const healthy = await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await sleep(100);
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const admin = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '', 'x-requested-with': 'XMLHttpRequest' };
    const upload = async (slug: string, version: string, zipFile: string) => {
      const form = new FormData();
      form.append('plugin_slug', slug);
      form.append('version', version);
      form.append('notes', 'benchmark');
      form.append('file', await fs.openAsBlob(zipFile), 'plugin.zip');
      const response = await fetch(`${base}/api/admin/releases`, { method: 'POST', headers: admin, body: form });
      return { status: response.status, text: await response.text() };
    };
    return { root, port, base, pid: server.pid ?? 0, admin, upload, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
