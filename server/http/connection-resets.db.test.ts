import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, TEST_ADMIN_PASSWORD, type TestDatabase } from '../test/test-app.js';
import { freePort } from '../test/free-port.js';

// Issue 37: a client that resets its connection at any moment must not end a process. Found with
// `X-Forwarded-For` and a reset on the first byte of the answer: the request log read `request.ip` after the
// socket was gone and the trust function threw. Here the real server (`server/main.ts`) is started under every
// TRUST_PROXY form, and with WORKERS=2, and strangers reset their connections before the headers, after them,
// mid-upload, on the answer's first byte and mid-answer; the process (every worker) must live on and answer.

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Probe {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
}

const BIG_ASSET = '/assets/big.js';
const PROBES: Probe[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: BIG_ASSET },
  { method: 'GET', path: '/api/plugins' },
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/no-such-page' },
  { method: 'GET', path: '/api/no-such-route' },
  {
    method: 'POST',
    path: '/api/v1/licenses/validate',
    contentType: 'application/json',
    body: JSON.stringify({ license_key: '8022-AAAA-BBBB-CCCC-DDDD', site_url: 'https://example.com', plugin_slug: 'postcode-delivery-zones' }),
  },
  {
    method: 'POST',
    path: '/',
    contentType: 'application/x-www-form-urlencoded',
    body: 'edd_action=check_license&license=abc&item_name=EDD+Demo&url=example.com',
  },
  { method: 'POST', path: '/api/auth/login', contentType: 'application/json', body: JSON.stringify({ password: 'wrong' }) },
  {
    method: 'POST',
    path: '/api/admin/plugins/postcode-delivery-zones/releases',
    contentType: 'multipart/form-data; boundary=xyz',
    body: `--xyz\r\n${'x'.repeat(4000)}`,
  },
];

const CLIENT_HEADERS: Array<Record<string, string>> = [
  {},
  { 'X-Forwarded-For': '203.0.113.5' },
  { 'X-Forwarded-For': '203.0.113.5, 198.51.100.7' },
  { 'X-Forwarded-For': 'not-an-address' },
  { Forwarded: 'for=203.0.113.5;proto=https' },
];

type Moment = 'mid-headers' | 'after-headers' | 'mid-upload' | 'first-byte' | 'mid-answer' | 'after-delay';
const MOMENTS: Moment[] = ['mid-headers', 'after-headers', 'mid-upload', 'first-byte', 'mid-answer', 'after-delay'];

/** One connection that sends `probe` and resets (RST) at `moment`; resolves once the socket is gone. */
function resetAt(port: number, probe: Probe, headers: Record<string, string>, moment: Moment): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const reset = () => {
      if (!socket.destroyed) socket.resetAndDestroy();
    };
    const body = probe.body ?? '';
    const head = [
      `${probe.method} ${probe.path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Accept-Encoding: gzip',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ...(probe.contentType ? [`Content-Type: ${probe.contentType}`] : []),
      ...(probe.method === 'POST' ? [`Content-Length: ${moment === 'mid-upload' ? body.length + 100_000 : body.length}`] : []),
    ].join('\r\n');
    let received = 0;
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (moment === 'first-byte' || (moment === 'mid-answer' && received > 64 * 1024)) reset();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('connect', () => {
      if (moment === 'mid-headers') {
        socket.write(head.slice(0, Math.ceil(head.length / 2)), () => setImmediate(reset));
        return;
      }
      socket.write(`${head}\r\n\r\n`);
      if (moment === 'after-headers') return void setImmediate(reset);
      if (moment === 'mid-upload') {
        socket.write(body, () => setTimeout(reset, 5));
        return;
      }
      socket.write(body);
      if (moment === 'after-delay') setTimeout(reset, 2);
      if (moment === 'mid-answer') setTimeout(reset, 500); // small answers: reset after they came
    });
  });
}

async function healthOk(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

interface Started {
  server: ChildProcessWithoutNullStreams;
  port: number;
  output: () => string;
}

async function startServer(testDb: TestDatabase, webDir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const target = testDb.target;
  const databaseUrl = target.dialect === 'sqlite' ? `sqlite:${target.file}` : `${target.url}?options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
  const server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const workers = Number(env.WORKERS ?? '1');
  const started = Date.now();
  while ((output.match(/"msg":"ready"/g) ?? []).length < workers) {
    if (server.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    if (Date.now() - started > 60_000) throw new Error(`the server did not start:\n${output}`);
    await sleep(50);
  }
  return { server, port, output: () => output };
}

async function stopServer({ server }: Started): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  const started = Date.now();
  while (server.exitCode === null && Date.now() - started < 15_000) await sleep(50);
  if (server.exitCode === null) server.kill('SIGKILL');
}

/** Every probe × header set × moment, a few connections at a time. */
async function resetEverywhere(port: number): Promise<number> {
  const cases = PROBES.flatMap((probe) => CLIENT_HEADERS.flatMap((headers) => MOMENTS.map((moment) => ({ probe, headers, moment }))));
  for (let i = 0; i < cases.length; i += 20) {
    await Promise.all(cases.slice(i, i + 20).map(({ probe, headers, moment }) => resetAt(port, probe, headers, moment)));
  }
  return cases.length;
}

describe(`a stranger's reset connection ends no process (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let webDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // A built web app with an answer large enough to be cut mid-stream.
    webDir = path.join(testDb.dataDir, 'web');
    fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><html><head><title>t</title></head><body><div id="root"></div>${'<p>x</p>'.repeat(2000)}</body></html>`,
    );
    fs.writeFileSync(path.join(webDir, BIG_ASSET), `/* ${Buffer.alloc(2 * 1024 * 1024, 'a').toString()} */`);
  }, 60_000);

  afterAll(async () => {
    await testDb.drop();
  });

  for (const trustProxy of ['loopback', 'true', 'false', '127.0.0.1/8,::1']) {
    it(`TRUST_PROXY=${trustProxy}: every reset survived, and the server still answers`, async () => {
      const started = await startServer(testDb, webDir, { TRUST_PROXY: trustProxy, WORKERS: '1' });
      try {
        const connections = await resetEverywhere(started.port);
        expect(connections).toBe(PROBES.length * CLIENT_HEADERS.length * MOMENTS.length);
        await sleep(200);
        expect(started.server.exitCode, started.output()).toBeNull();
        expect(await healthOk(started.port)).toBe(true);
        expect(started.output()).not.toMatch(/uncaught|TypeError/i);
      } finally {
        await stopServer(started);
      }
    }, 120_000);
  }

  it('WORKERS=2: no worker dies; one killed anyway is replaced within a second while the other answers', async () => {
    const started = await startServer(testDb, webDir, { TRUST_PROXY: 'loopback', WORKERS: '2' });
    try {
      await resetEverywhere(started.port);
      await sleep(200);
      expect(started.output()).not.toContain('worker died');
      expect(started.server.exitCode, started.output()).toBeNull();

      const readyPids = () => [...started.output().matchAll(/"pid":(\d+)[^\n]*"msg":"ready"/g)].map((match) => Number(match[1]));
      const [victim] = readyPids();
      process.kill(victim ?? 0, 'SIGKILL');
      const killedAt = Date.now();
      const deathLine = () =>
        started
          .output()
          .split('\n')
          .find((line) => line.includes('worker died'));
      while (!deathLine()) {
        if (Date.now() - killedAt > 5_000) throw new Error(`the death went unnoticed:\n${started.output()}`);
        await sleep(10);
      }
      // Replaced at once (forked with no delay); the other worker answers meanwhile.
      expect(deathLine()).toMatch(/"restartInMs":0\b/);
      expect(await healthOk(started.port)).toBe(true);
      // The replacement boots (slowly here: the test runs the TypeScript sources through tsx) and serves.
      while (readyPids().length < 3) {
        if (Date.now() - killedAt > 60_000) throw new Error(`no replacement worker:\n${started.output()}`);
        await sleep(50);
      }
      expect(await healthOk(started.port)).toBe(true);
    } finally {
      await stopServer(started);
    }
  }, 120_000);
});
