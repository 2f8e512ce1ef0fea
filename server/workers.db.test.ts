import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './db/database.js';
import { createLicense } from './modules/licenses/index.js';
import { createTestDatabase, testDialect, TEST_ADMIN_PASSWORD, type TestDatabase } from './test/test-app.js';
import { unitContext } from './test/units.js';
import { freePort } from './test/free-port.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const SLUG = 'postcode-delivery-zones';

interface LogLine {
  msg?: string;
  pid?: number;
  req?: { url?: string };
}

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const until = async (check: () => boolean, limitMs: number, what: string) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

// `npm start` with WORKERS=2 on a real port: the primary migrates and seeds, two workers share the port. Which
// worker answered is read from the log (every pino line carries its pid), never from a response header.
describe(`WORKERS=2: one port, two processes, one truth (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let server: ChildProcessWithoutNullStreams;
  let port: number;
  let output = '';
  const lines: LogLine[] = [];

  const readyPids = () => lines.filter((line) => line.msg === 'ready').map((line) => line.pid ?? 0);
  /** The pid that logged the request carrying this probe (one "request completed" line per request, server/http/request-log.ts). */
  const pidOf = (probe: string) => lines.find((line) => line.msg === 'request completed' && line.req?.url?.includes(`probe=${probe}`))?.pid;

  /** One request on a connection of its own, so the primary hands each to the next worker. */
  const request = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        { host: '127.0.0.1', port, method, path: url, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.target);
    port = await freePort();
    const target = testDb.target;
    const databaseUrl =
      target.dialect === 'sqlite' ? `sqlite:${target.file}` : `${target.url}?options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
    server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: testDb.dataDir,
        DATABASE_URL: databaseUrl,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        WEB_DIST_DIR: path.join(testDb.dataDir, 'no-web'),
        LOG_LEVEL: 'info',
      },
    });
    let pending = '';
    server.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const text of complete) {
        output += `${text}\n`;
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          // not a log line (the banner of a generated password, which ADMIN_PASSWORD prevents)
        }
      }
    });
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => readyPids().length >= 2 || server.exitCode !== null, 60_000, 'two workers ready');
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
  }, 90_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGKILL');
      for (const pid of readyPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
    await db.destroy();
    await testDb.drop();
  });

  it('both workers answer on the one port', async () => {
    const workers = readyPids();
    expect(new Set(workers).size).toBe(2);
    expect(workers).not.toContain(server.pid);
    const probes = Array.from({ length: 8 }, () => randomBytes(6).toString('hex'));
    // The catalogue, not /api/health: health's answers are summarised, not logged one by one.
    for (const probe of probes) expect((await request('GET', `/api/plugins?probe=${probe}`)).status).toBe(200);
    await until(() => probes.every((probe) => pidOf(probe) !== undefined), 2_000, 'request log lines');
    expect(new Set(probes.map(pidOf))).toEqual(new Set(workers));
  });

  it('a Settings change made through one worker is answered by the other within a second', async () => {
    const signIn = await request('POST', '/api/auth/login', { password: TEST_ADMIN_PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const admin = { cookie, 'x-requested-with': 'XMLHttpRequest' };

    const putProbe = randomBytes(6).toString('hex');
    const put = await request('PUT', `/api/admin/settings?probe=${putProbe}`, { rate_limit_per_minute: 99 }, admin);
    const putAt = Date.now();
    expect(put.status).toBe(200);

    const seen: Array<{ probe: string; ms: number; value: number }> = [];
    while (Date.now() - putAt < 1_500) {
      const probe = randomBytes(6).toString('hex');
      const answer = await request('GET', `/api/admin/settings?probe=${probe}`, undefined, admin);
      seen.push({ probe, ms: Date.now() - putAt, value: (JSON.parse(answer.body) as { rate_limit_per_minute: number }).rate_limit_per_minute });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await until(() => pidOf(putProbe) !== undefined && seen.every(({ probe }) => pidOf(probe) !== undefined), 2_000, 'request log lines');
    const writer = pidOf(putProbe);
    const other = seen.filter(({ probe }) => pidOf(probe) !== writer);
    expect(other.length).toBeGreaterThan(0);
    // The other worker's answers from one second on all carry the change, and it carried it by then.
    expect(other.filter(({ ms }) => ms >= 1_000).every(({ value }) => value === 99)).toBe(true);
    const firstSeen = other.find(({ value }) => value === 99);
    expect(firstSeen?.ms).toBeLessThan(1_000);
  });

  it('24 activations of a 3-site licence at once, spread over both workers: exactly 3 succeed, none fails', async () => {
    const license = await createLicense(unitContext(db), { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 3 });
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        request('POST', '/api/v1/licenses/activate', { license_key: license.key, site_url: `https://shop-${i}.example.com`, plugin_slug: SLUG }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(200));
    expect(answers.filter((answer) => (JSON.parse(answer.body) as { activated: boolean }).activated)).toHaveLength(3);
    const rows = await db.selectFrom('license_activations').select('site_url').where('license_id', '=', license.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('a killed worker is replaced, and SIGTERM stops the primary and every worker', async () => {
    const [victim] = readyPids();
    process.kill(victim ?? 0, 'SIGKILL');
    await until(() => readyPids().length >= 3, 20_000, 'a replacement worker');
    const workers = readyPids().filter((pid) => pid !== victim);
    expect(workers.every(alive)).toBe(true);
    expect((await request('GET', '/api/health')).status).toBe(200);

    server.kill('SIGTERM');
    await until(() => server.exitCode !== null, 15_000, 'the primary to exit');
    expect(server.exitCode).toBe(0);
    await until(() => !workers.some(alive), 5_000, 'the workers to exit');
    await expect(request('GET', '/api/health')).rejects.toThrow();
  }, 45_000);
});
