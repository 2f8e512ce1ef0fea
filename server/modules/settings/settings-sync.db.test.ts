import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../config.js';
import { createDatabase } from '../../db/database.js';
import { createTestApp, createTestDatabase, testDialect, TEST_ADMIN_PASSWORD, type TestApp, type TestDatabase } from '../../test/test-app.js';
import { changeAdminPassword, uploadRelease } from '../../test/admin-app.js';
import { AuthService } from '../auth/index.js';
import { createLicense } from '../licenses/index.js';
import { createDownloadUrl } from '../releases/index.js';
import { DOWNLOAD_SECRET_FILE, downloadSecret, signDownloadToken } from '../releases/index.js';
import { makePluginZip } from '../../test/release-test-helpers.js';
import { generateSigningKeyPem, loadSigningKey, SIGNING_KEY_FILE } from '../signing/index.js';
import { SettingsService } from './settings.service.js';
import { LISTENER_NAME } from './settings-sync.js';

const SLUG = 'postcode-delivery-zones';
const NEW_PASSWORD = 'a new password, changed elsewhere';

/** Polls until `probe` answers true; answers the milliseconds it took, or throws after `limitMs`. */
async function msUntil(probe: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

const login = (t: TestApp, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password } });

// Two instances on one database, each with its own DATA_DIR (as two machines have): what one changes or signs,
// the other sees or accepts. Instance B is a second app built on A's database (server/test/test-app.ts).
describe(`two instances on one database (${testDialect()})`, () => {
  let a: TestApp;
  let b: TestApp;
  let dataDirB: string;

  beforeAll(async () => {
    a = await createTestApp();
    dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-test-b-'));
    b = await createTestApp({ testDb: a.testDb, seed: false, env: { DATA_DIR: dataDirB } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    fs.rmSync(dataDirB, { recursive: true, force: true });
  });

  it('a Settings change made on A is answered by B within a second', async () => {
    const before = await b.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await b.adminHeaders() });
    expect(before.json<{ rate_limit_per_minute: number }>().rate_limit_per_minute).toBe(60);
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: await a.adminHeaders(),
      payload: { rate_limit_per_minute: 77, min_release_version: '1.2.3' },
    });
    expect(put.statusCode).toBe(200);
    const headersB = await b.adminHeaders();
    const ms = await msUntil(async () => {
      const answer = (await b.app.inject({ method: 'GET', url: '/api/admin/settings', headers: headersB })).json<{
        rate_limit_per_minute: number;
        min_release_version: string;
      }>();
      return answer.rate_limit_per_minute === 77 && answer.min_release_version === '1.2.3';
    }, 1000);
    // PostgreSQL notifies at commit (a few ms); SQLite's version check runs every 500 ms.
    console.info(`settings change seen by the other instance after ${ms} ms (${testDialect()})`);
    expect(ms).toBeLessThan(1000);
  });

  it('postcode rules installed through A are applied by B within a second', async () => {
    type Answer = { data: { test_result: { delivery_allowed: boolean; best_match: unknown } } };
    const probe = async (t: TestApp) => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/postcode/test', payload: { postcode: 'NE39 1AA', order_total: 1000 } });
      const { delivery_allowed, best_match } = answer.json<Answer>().data.test_result;
      return JSON.stringify({ delivery_allowed, best_match });
    };
    const before = await probe(b);
    const setup = await a.app.inject({ method: 'POST', url: '/api/postcode/admin/setup-test-data', headers: await a.adminHeaders() });
    expect(setup.statusCode).toBe(200);
    const after = await probe(a);
    expect(after).not.toBe(before);
    const ms = await msUntil(async () => (await probe(b)) === after, 1000);
    expect(ms).toBeLessThan(1000);
  });

  it('an API token rotated on B: A refuses the old one and accepts the new one at once', async () => {
    const first = (await a.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: await a.adminHeaders() })).json<{ token: string }>()
      .token;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await b.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(first) })).statusCode).toBe(200);
    const second = (await b.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: await b.adminHeaders() })).json<{ token: string }>()
      .token;
    expect((await a.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(first) })).statusCode).toBe(401);
    expect((await a.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('a download link signed by A is accepted by B, and both publish and sign with one signing key', async () => {
    const signingKeyA = (await a.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>();
    const signingKeyB = (await b.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>();
    expect(signingKeyB).toEqual(signingKeyA);

    const zip = await makePluginZip(SLUG, '1.9.0', 1000);
    const upload = await uploadRelease(a, { plugin_slug: SLUG, version: '1.9.0' }, zip);
    expect(upload.statusCode).toBe(201);
    // Without object storage each instance serves its own DATA_DIR: give B the file as a shared store would.
    fs.cpSync(path.join(a.config.dataDir, 'releases'), path.join(dataDirB, 'releases'), { recursive: true });

    const license = await createLicense(a.ctx, { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 1 });
    const url = await createDownloadUrl(a.ctx, { licenseId: license.id, pluginSlug: SLUG, ttlSeconds: 600, baseUrl: 'http://a.test' });
    const download = await b.app.inject({ method: 'GET', url: new URL(url ?? '').pathname });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(zip)).toBe(true);
    expect(download.headers['x-content-signature']).toBe(upload.json<{ signature: string }>().signature);

    // A link made with any other key is refused: B really checks the MAC.
    const release = await a.db.selectFrom('releases').select('id').where('version', '=', '1.9.0').executeTakeFirstOrThrow();
    const forged = signDownloadToken(randomBytes(32), { licenseId: license.id, releaseId: release.id, expiresAt: Math.floor(Date.now() / 1000) + 600 });
    expect((await b.app.inject({ method: 'GET', url: `/api/v1/downloads/${forged}/${SLUG}-1.9.0.zip` })).statusCode).toBe(403);
    expect(downloadSecret(b.ctx).equals(downloadSecret(a.ctx))).toBe(true);
  });

  it.skipIf(testDialect() === 'sqlite')('after its LISTEN connection is cut, B reconnects and still sees a change within a second', async () => {
    // Every listener on the test database is cut (other test files' reconnect too, which does them no harm).
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME}`.execute(a.db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await a.ctx.settings.update({ rate_limit_per_minute: 88 });
    const ms = await msUntil(async () => b.ctx.settings.get('rate_limit_per_minute') === 88, 1000);
    expect(ms).toBeLessThan(1000);
  });

  // Last: the change signs every session out.
  it('a password changed through B, then through the CLI path: A refuses the old one at once', async () => {
    const change = await changeAdminPassword(b, await b.adminHeaders(), TEST_ADMIN_PASSWORD, NEW_PASSWORD);
    expect(change.statusCode).toBe(200);
    expect((await login(a, TEST_ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login(a, NEW_PASSWORD)).statusCode).toBe(200);

    // What `npm run admin:password` does: its own process, its own connection, its own settings cache.
    const cliDb = createDatabase(a.testDb.target);
    const cliSettings = new SettingsService(cliDb, a.config);
    await cliSettings.load();
    await new AuthService(cliDb, cliSettings).setPassword(TEST_ADMIN_PASSWORD);
    await cliDb.destroy();
    expect((await login(a, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(b, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(a, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe(`shared secrets: where they come from (${testDialect()})`, () => {
  let testDb: TestDatabase;
  afterAll(async () => testDb?.drop());

  it("an upgrade keeps the DATA_DIR files' download secret and signing key, so old links and trusted keys stay valid", async () => {
    testDb = await createTestDatabase();
    const oldSecret = randomBytes(32);
    const oldKey = generateSigningKeyPem();
    fs.writeFileSync(path.join(testDb.dataDir, DOWNLOAD_SECRET_FILE), oldSecret.toString('base64'));
    fs.writeFileSync(path.join(testDb.dataDir, SIGNING_KEY_FILE), oldKey);
    const t = await createTestApp({ testDb, ownsDb: false });
    try {
      expect(downloadSecret(t.ctx).equals(oldSecret)).toBe(true);
      const published = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
      expect(published).toBe(loadSigningKey(oldKey).publicKeyBase64);
      // Kept in the database now, and never answered by the settings API.
      const settings = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await t.adminHeaders() });
      expect(settings.body).not.toContain(oldSecret.toString('base64'));
      expect(settings.body).not.toContain('PRIVATE KEY');
    } finally {
      await t.close();
    }
  });

  it('DOWNLOAD_SECRET is the key when set, and one shorter than 32 characters stops the start', async () => {
    const secret = 'x'.repeat(16) + randomBytes(16).toString('hex');
    const t = await createTestApp({ env: { DOWNLOAD_SECRET: secret } });
    try {
      expect(downloadSecret(t.ctx).equals(Buffer.from(secret, 'utf8'))).toBe(true);
    } finally {
      await t.close();
    }
    expect(() => loadConfig({ DOWNLOAD_SECRET: 'too-short-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ DOWNLOAD_SECRET: 'too-short-secret' })).toThrow(/DOWNLOAD_SECRET: must be at least 32 characters/);
  });
});
