// Release upload memory benchmark (docs/design.md section 9): uploading a 50 MB zip must raise the server's
// resident memory by less than 30 MB, because the upload is streamed to disk, never buffered.
// Run: npm run bench:release-upload   (starts its own server on a free port with a temp DATA_DIR)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import yazl from 'yazl';

const FILE_BYTES = 50_000_000;
const LIMIT_MB = 30;
const PASSWORD = 'bench-admin-password';

const rssMb = (pid: number): number => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SLUG = 'postcode-delivery-zones';

/** A plugin zip the server accepts (top folder = slug, header Version = the release version) of `bytes`. */
async function writeZip(file: string, bytes: number, version: string): Promise<void> {
  const zip = new yazl.ZipFile();
  let left = bytes;
  const content = new Readable({
    read() {
      const size = Math.min(1024 * 1024, left);
      left -= size;
      this.push(size > 0 ? randomBytes(size) : null);
    },
  });
  zip.addReadStream(content, `${SLUG}/payload.bin`, { compress: false });
  zip.addBuffer(Buffer.from(`<?php\n/*\n * Plugin Name: Bench\n * Version: ${version}\n */\n`), `${SLUG}/${SLUG}.php`);
  zip.end();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-upload-'));
  const zipFile = path.join(root, 'bench.zip');
  await writeZip(zipFile, FILE_BYTES, '9.0.1');
  const port = 21_000 + Math.floor(Math.random() * 10_000);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/main.ts'], {
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
      // One process: the bench samples the resident memory of the process it started.
      WORKERS: '1',
      DATABASE_URL: '',
    },
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error('server did not start');
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const upload = async (version: string, file: string) => {
      const form = new FormData();
      form.append('plugin_slug', SLUG);
      form.append('version', version);
      form.append('notes', 'benchmark');
      form.append('file', await fs.openAsBlob(file), 'bench.zip');
      const response = await fetch(`${base}/api/admin/releases`, { method: 'POST', headers: { cookie, 'x-requested-with': 'XMLHttpRequest' }, body: form });
      if (response.status !== 201) throw new Error(`upload ${version}: ${response.status} ${await response.text()}`);
    };

    // Warm up the upload path (module loading, JIT) with a small zip, then let the heap settle.
    const smallZip = path.join(root, 'small.zip');
    await writeZip(smallZip, 100_000, '9.0.0');
    await upload('9.0.0', smallZip);
    await sleep(1500);
    const pid = server.pid ?? 0;
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 10);
    const started = performance.now();
    await upload('9.0.1', zipFile);
    const ms = performance.now() - started;
    await sleep(200);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const rise = peak - baseline;
    const result = {
      file_mb: +(fs.statSync(zipFile).size / 1e6).toFixed(1),
      upload_ms: Math.round(ms),
      rss_baseline_mb: +baseline.toFixed(1),
      rss_peak_mb: +peak.toFixed(1),
      rss_rise_mb: +rise.toFixed(1),
      limit_mb: LIMIT_MB,
      pass: rise < LIMIT_MB,
    };
    console.log(JSON.stringify(result));
    if (!result.pass) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await once(server, 'exit').catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
