// The proof of issue 14: two real server processes (`server/main.ts`, each on its own 127.0.0.1 port and its
// own DATA_DIR, as two machines) on one database, one Redis and one S3-protocol server (s3rver), checked over
// real HTTP across each other. Runs on PostgreSQL and on SQLite (two processes on one WAL file).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LINKS_PER_ADDRESS } from '../common/account.js';
import { createDatabase, type Database } from './db/database.js';
import { createLicense } from './modules/licenses/index.js';
import { makePluginZip, multipartBody } from './test/release-test-helpers.js';
import { startS3Server, type TestS3Server } from './test/s3-server.js';
import { createTestDatabase, testDialect, TEST_ADMIN_PASSWORD, type TestDatabase } from './test/test-app.js';
import { unitContext } from './test/units.js';
import { freePort } from './test/free-port.js';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const SLUG = 'postcode-delivery-zones';
const VERSION = '9.0.0';
const NEW_PASSWORD = 'changed on instance A, 2026';

interface Answer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  json<T>(): T;
}

interface Instance {
  name: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let ipCounter = 0;
/** A client address of its own per call unless given (TRUST_PROXY's default believes X-Forwarded-For from loopback). */
const nextIp = () => `198.18.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

/** One real HTTP request to an instance. */
function request(
  to: Instance,
  method: string,
  url: string,
  options: { json?: unknown; body?: Buffer; headers?: Record<string, string>; ip?: string } = {},
): Promise<Answer> {
  const payload = options.json === undefined ? options.body : Buffer.from(JSON.stringify(options.json));
  const headers = {
    'x-forwarded-for': options.ip ?? nextIp(),
    ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: to.port, method, path: url, agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers, json: <T>() => JSON.parse(body.toString()) as T });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in on an instance; the headers of a signed-in admin there. */
async function adminHeaders(on: Instance, password = TEST_ADMIN_PASSWORD): Promise<Record<string, string>> {
  const answer = await request(on, 'POST', '/api/auth/login', { json: { password } });
  if (answer.status !== 200) throw new Error(`sign-in on ${on.name}: ${answer.status} ${answer.body.toString()}`);
  const cookie = String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  return { cookie, 'x-requested-with': 'XMLHttpRequest' };
}

/** Polls until `probe` answers true; the milliseconds it took, or throws after `limitMs`. */
async function msUntil(probe: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

/** Every file under a folder (relative paths). */
const filesUnder = (folder: string): string[] =>
  fs.existsSync(folder) ? (fs.readdirSync(folder, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(folder, name)).isFile()) : [];

describe(`two instances on one ${testDialect()} database, one Redis, one S3 server`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let s3: TestS3Server;
  let redis: Redis;
  const redisPrefix = `pls-test-${randomBytes(6).toString('hex')}:`;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  async function startInstance(name: string): Promise<Instance> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pls-multi-${name}-`));
    const target = testDb.target;
    const databaseUrl =
      target.dialect === 'sqlite' ? `sqlite:${target.file}` : `${target.url}?options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'warn',
        // E-mailed links need the shop's address; without one they would wait in the outbox (docs/checkout.md).
        BASE_URL: `http://127.0.0.1:${port}`,
        REDIS_URL,
        REDIS_KEY_PREFIX: redisPrefix,
        ...s3.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance: Instance = { name, port, dataDir, process: child, output: '' };
    instances.push(instance);
    child.stdout?.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (instance.output += chunk.toString()));
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`instance ${name} stopped:\n${instance.output}`);
      if (Date.now() - started > 90_000) throw new Error(`instance ${name} did not answer within 90 s:\n${instance.output}`);
      const healthy = await request(instance, 'GET', '/api/health').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (healthy) return instance;
      await sleep(100);
    }
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    s3 = await startS3Server();
    redis = new Redis(REDIS_URL);
    // One after the other: the first migrates and seeds (under the migration lock either way).
    a = await startInstance('a');
    b = await startInstance('b');
    db = createDatabase(testDb.target);
  }, 200_000);

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.process.exitCode === null) {
        instance.process.kill('SIGTERM');
        await new Promise((resolve) => instance.process.once('exit', resolve));
      }
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await db?.destroy();
    await s3?.close();
    await testDb?.drop();
  }, 60_000);

  it('a Settings change made on A is answered by B within a second', async () => {
    const [adminA, adminB] = [await adminHeaders(a), await adminHeaders(b)];
    const rateLimitOn = async (on: Instance, headers: Record<string, string>) =>
      (await request(on, 'GET', '/api/admin/settings', { headers })).json<{ rate_limit_per_minute: number }>().rate_limit_per_minute;
    for (const value of [59, 60]) {
      const put = await request(a, 'PUT', '/api/admin/settings', { json: { rate_limit_per_minute: value }, headers: adminA });
      expect(put.status).toBe(200);
      const ms = await msUntil(async () => (await rateLimitOn(b, adminB)) === value, 1_000);
      console.info(`B answered rate_limit_per_minute=${value} ${ms} ms after A's change (${testDialect()})`);
      expect(ms).toBeLessThan(1_000);
    }
  });

  it('an API token created on A works on B', async () => {
    const created = await request(a, 'POST', '/api/admin/settings/api-token', { headers: await adminHeaders(a) });
    expect(created.status).toBe(200);
    const { token } = created.json<{ token: string }>();
    const onB = await request(b, 'GET', '/api/admin/settings', { headers: { authorization: `Bearer ${token}` } });
    expect(onB.status).toBe(200);
    expect((await request(b, 'GET', '/api/admin/settings', { headers: { authorization: `Bearer ${token}x` } })).status).toBe(401);
  });

  it('a release uploaded on A is downloaded through B from the bucket, its signature valid for the published key', async () => {
    const zip = await makePluginZip(SLUG, VERSION, 200_000);
    const form = multipartBody({ plugin_slug: SLUG, version: VERSION }, { content: zip });
    const upload = await request(a, 'POST', '/api/admin/releases', { body: form.payload, headers: { ...(await adminHeaders(a)), ...form.headers } });
    expect(upload.status, upload.body.toString()).toBe(201);
    const { signature, zip_path } = upload.json<{ signature: string; zip_path: string }>();

    // The zip is in the bucket (key releases/<zip_path>), and in neither instance's DATA_DIR.
    expect(await s3.keys()).toContain(`releases/${zip_path}`);
    for (const instance of [a, b]) expect(filesUnder(instance.dataDir).filter((name) => name.endsWith('.zip'))).toEqual([]);

    // A licensed site asks A for the update; the link A signs is fetched from B.
    const license = await createLicense(unitContext(db), { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 1 });
    const site = 'https://updates.example.com';
    const activated = await request(b, 'POST', '/api/v1/licenses/activate', { json: { license_key: license.key, site_url: site, plugin_slug: SLUG } });
    expect(activated.json<{ activated: boolean }>().activated).toBe(true);
    const check = await request(a, 'POST', `/api/v1/plugins/${SLUG}/update`, {
      json: { license_key: license.key, site_url: site, installed_version: '1.0.0' },
    });
    expect(check.status).toBe(200);
    const offer = check.json<{ version: string; download_url?: string }>();
    expect(offer.version).toBe(VERSION);
    const link = new URL(offer.download_url ?? '');
    expect(link.port).toBe(String(a.port));

    const download = await request(b, 'GET', link.pathname);
    expect(download.status).toBe(200);
    expect(download.body.equals(zip)).toBe(true);
    expect(download.headers['x-content-signature']).toBe(signature);
    expect((await request(b, 'GET', `${link.pathname}.sig`)).body.toString()).toBe(signature);

    // WordPress's check: Ed25519 over the zip's SHA-384 digest, with the key both instances publish.
    const keyA = (await request(a, 'GET', '/api/v1/signing-key')).json<{ public_key: string }>();
    const keyB = (await request(b, 'GET', '/api/v1/signing-key')).json<{ public_key: string }>();
    expect(keyB).toEqual(keyA);
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(keyB.public_key, 'base64')]),
      format: 'der',
      type: 'spki',
    });
    const digest = createHash('sha384').update(download.body).digest();
    expect(verify(null, digest, publicKey, Buffer.from(signature, 'base64'))).toBe(true);
    expect(
      verify(
        null,
        createHash('sha384')
          .update(Buffer.concat([download.body, Buffer.from('x')]))
          .digest(),
        publicKey,
        Buffer.from(signature, 'base64'),
      ),
    ).toBe(false);
  });

  it('a limit of 60 a minute holds across both: the 61st request over the two is refused', async () => {
    // Redis windows are clock minutes: start early in one so all 61 requests fall in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 100);
    const ip = '203.0.113.61';
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const answer = await request(i % 2 === 0 ? a : b, 'POST', '/api/v1/licenses/validate', { json: { license_key: '8022-NONE-NONE-NONE-NONE' }, ip });
      codes.push(answer.status);
      if (i === 60) {
        const seconds = Number(answer.headers['retry-after']);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(answer.json()).toEqual({ error: 'RATE_LIMITED', message: `Too many requests: try again in ${seconds} seconds` });
      }
    }
    expect(codes.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(codes[60]).toBe(429);
    // Both instances refuse that client now; another client is still served.
    expect((await request(a, 'POST', '/api/v1/licenses/validate', { json: { license_key: '8022-NONE-NONE-NONE-NONE' }, ip })).status).toBe(429);
    expect((await request(b, 'POST', '/api/v1/licenses/validate', { json: { license_key: '8022-NONE-NONE-NONE-NONE' }, ip })).status).toBe(429);
    expect((await request(b, 'POST', '/api/v1/licenses/validate', { json: { license_key: '8022-NONE-NONE-NONE-NONE' } })).status).toBe(200);
  }, 120_000);

  it('50 concurrent activations of one licence split across both instances give exactly its limit', async () => {
    const limit = 3;
    const license = await createLicense(unitContext(db), { pluginSlug: SLUG, plan: 'lifetime', maxActivations: limit });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(i % 2 === 0 ? a : b, 'POST', '/api/v1/licenses/activate', {
          json: { license_key: license.key, site_url: `https://shop-${i}.example.com`, plugin_slug: SLUG },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const results = answers.map((answer) => answer.json<{ activated: boolean; code: string }>());
    expect(results.filter((result) => result.activated)).toHaveLength(limit);
    expect(results.filter((result) => !result.activated).every((result) => result.code === 'ACTIVATION_LIMIT_REACHED')).toBe(true);
    const rows = await db.selectFrom('license_activations').select('site_url').where('license_id', '=', license.id).execute();
    expect(rows).toHaveLength(limit);
  }, 60_000);

  it('8 sign-in requests per address split across both instances e-mail exactly 3 links (20 addresses at once), answering alike', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `both-instances-${i}@example.com`);
    for (const address of emails) await createLicense(unitContext(db), { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 1, customerEmail: address });
    const ask = (on: Instance, address: string) =>
      request(on, 'POST', '/api/account/sign-in', { json: { email: address }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const answers = await Promise.all(emails.flatMap((email) => Array.from({ length: 8 }, (_, i) => ask(i % 2 === 0 ? a : b, email))));
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body.toString()}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(202);
    // Each instance works through its sign-in requests in order: once a later address's e-mail is out from
    // both, the eight before it are done.
    for (const [on, marker] of [
      [a, 'marker-a@example.com'],
      [b, 'marker-b@example.com'],
    ] as const) {
      await createLicense(unitContext(db), { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 1, customerEmail: marker });
      expect((await ask(on, marker)).status).toBe(202);
    }
    const sentTo = async (address: string) =>
      (await db.selectFrom('emails').select('id').where('kind', '=', 'sign_in').where('to_address', '=', address).execute()).length;
    await msUntil(async () => (await sentTo('marker-a@example.com')) === 1 && (await sentTo('marker-b@example.com')) === 1, 20_000);
    expect(await Promise.all(emails.map(sentTo))).toEqual(emails.map(() => SIGN_IN_LINKS_PER_ADDRESS));
  }, 60_000);

  it('staff sign-in limits hold across both: per account from many addresses, per address over many accounts (issue 42)', async () => {
    // Redis windows are clock minutes: start each run of attempts early in one so all of it falls in it (each failed
    // sign-in costs a memory-hard hash: on a loaded machine twelve of them can take many seconds).
    const startOfAMinute = async () => {
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 30_000) await sleep(60_000 - intoMinute + 100);
    };
    const attempt = (i: number, email: string, ip: string) =>
      request(i % 2 === 0 ? a : b, 'POST', '/api/auth/staff-login', { json: { email, password: 'not the password' }, ip }).then((answer) => answer.status);
    await startOfAMinute();
    const perAccount: number[] = [];
    for (let i = 0; i < 12; i++) perAccount.push(await attempt(i, 'guessed-account@example.com', `198.51.100.${i + 1}`));
    expect(perAccount).toEqual([...Array<number>(10).fill(401), 429, 429]);
    await startOfAMinute();
    const perAddress: number[] = [];
    for (let i = 0; i < 12; i++) perAddress.push(await attempt(i, `sprayed-${i}@example.com`, '198.51.100.200'));
    expect(perAddress).toEqual([...Array<number>(10).fill(401), 429, 429]);
  }, 120_000);

  it('a password changed on A: B refuses the old one and accepts the new one', async () => {
    const change = await request(a, 'POST', '/api/admin/password', {
      json: { current_password: TEST_ADMIN_PASSWORD, new_password: NEW_PASSWORD },
      headers: await adminHeaders(a),
    });
    expect(change.status).toBe(200);
    const old = await request(b, 'POST', '/api/auth/login', { json: { password: TEST_ADMIN_PASSWORD } });
    expect(old.status).toBe(401);
    expect((await request(b, 'POST', '/api/auth/login', { json: { password: NEW_PASSWORD } })).status).toBe(200);
    expect((await request(a, 'POST', '/api/auth/login', { json: { password: TEST_ADMIN_PASSWORD } })).status).toBe(401);
  });
});
