import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { buildApp } from '../app.js';
import type { App } from '../kernel/context.js';
import { createTestDatabase, TEST_ADMIN_PASSWORD, testDialect, type TestDatabase } from '../test/test-app.js';
import { SESSION_COOKIE } from './admin-guard.js';

// On a real socket, with the timeouts shortened from tens of seconds to under a second: a stalled or
// dripped request is closed within its bound, and a signed-in upload may take longer than a JSON body.
const TIMEOUTS = { idle: 500, headers: 600, body: 800, request: 10_000, keepAlive: 5_000, check: 100 };
/** The bound plus slack for a loaded machine. */
const SLACK = 1_500;

describe(`server timeouts (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let app: App;
  let port: number;
  let adminCookie: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: testDb.dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      WEB_DIST_DIR: path.join(testDb.dataDir, 'no-web'),
    });
    config.database = testDb.target.dialect === 'sqlite' ? testDb.target : { dialect: 'postgres', url: testDb.target.url };
    db = createDatabase(testDb.target);
    await migrateToLatest(db);
    const built = await buildApp({ config, db, logger: false, timeouts: TIMEOUTS });
    app = built.app;
    await built.ctx.auth.ensureAdminPassword(TEST_ADMIN_PASSWORD);
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_ADMIN_PASSWORD } });
    adminCookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? ''}`;
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await testDb.drop();
  });

  /** A raw connection, and a promise of how long after `since` it was closed and what the server sent. */
  async function connect() {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return {
      socket,
      received: () => received,
      closedAfter: async (since: number) => {
        await closed;
        return Date.now() - since;
      },
    };
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Writes `text` one character every `everyMs` until the socket closes or `maxMs` passes. */
  async function drip(socket: net.Socket, text: string, everyMs: number, maxMs: number) {
    const start = Date.now();
    for (const char of text) {
      if (socket.destroyed || Date.now() - start > maxMs) return;
      socket.write(char);
      await sleep(everyMs);
    }
  }
  const validateHead = (length: number) =>
    `POST /api/v1/licenses/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('closes a connection whose body stalls half way (idle timeout)', async () => {
    const c = await connect();
    const body = '{"license_key":"ABCD-1234","site_url":"https://example.com"}';
    c.socket.write(validateHead(body.length) + body.slice(0, 20));
    expect(await c.closedAfter(Date.now())).toBeLessThan(TIMEOUTS.idle + SLACK);
  });

  it('closes a connection that drips its body a byte at a time (body deadline)', async () => {
    const c = await connect();
    const body = `{"license_key":"${'A'.repeat(200)}"}`;
    const start = Date.now();
    c.socket.write(validateHead(body.length));
    void drip(c.socket, body, 100, TIMEOUTS.request);
    expect(await c.closedAfter(start)).toBeLessThan(TIMEOUTS.body + SLACK);
  });

  it("closes a stranger's multipart body dripped to an upload route after its 401", async () => {
    const c = await connect();
    const start = Date.now();
    c.socket.write('POST /api/admin/releases HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 500\r\n\r\n');
    void drip(c.socket, '-'.repeat(500), 100, TIMEOUTS.request);
    expect(await c.closedAfter(start)).toBeLessThan(TIMEOUTS.body + SLACK);
    expect(c.received()).toMatch(/^HTTP\/1\.1 401/);
  });

  it('closes a connection that drips its headers (slowloris) with 408', async () => {
    const c = await connect();
    const start = Date.now();
    void drip(c.socket, `GET /api/health HTTP/1.1\r\nHost: x\r\n${'X-Slow: 1\r\n'.repeat(100)}`, 100, TIMEOUTS.request);
    expect(await c.closedAfter(start)).toBeLessThan(TIMEOUTS.headers + TIMEOUTS.check + SLACK);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a kept-alive connection whose second request stalls', async () => {
    const c = await connect();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!c.received().includes('\r\n\r\n')) await sleep(20);
    const start = Date.now();
    c.socket.write(validateHead(100) + '{"license_key":');
    expect(await c.closedAfter(start)).toBeLessThan(Math.max(TIMEOUTS.idle, TIMEOUTS.body) + SLACK);
  });

  it('answers a request that arrives in time, and lets a signed-in upload take longer than a JSON body may', async () => {
    const quick = await fetch(`http://127.0.0.1:${port}/api/v1/licenses/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ license_key: 'NOPE-NOPE' }),
    });
    expect(quick.status).toBeLessThan(500);

    const c = await connect();
    const boundary = 'slowupload';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="plugin_slug"\r\n\r\nnone\r\n--${boundary}--\r\n`;
    c.socket.write(
      `POST /api/admin/releases HTTP/1.1\r\nHost: x\r\nCookie: ${adminCookie}\r\nX-Requested-With: XMLHttpRequest\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // Past the body deadline, never idle: the upload is still read and answered (400: no file attached).
    await drip(c.socket, body.slice(0, 12), (TIMEOUTS.body + 400) / 12, TIMEOUTS.request);
    c.socket.write(body.slice(12));
    await c.closedAfter(Date.now());
    expect(c.received()).toMatch(/^HTTP\/1\.1 400/);
  });
});
