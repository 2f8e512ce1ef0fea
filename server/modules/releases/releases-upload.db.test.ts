import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp, uploadRelease } from '../../test/admin-app.js';
import { releasesDir } from './release-storage.js';
import { makePluginZip, multipartBody } from '../../test/release-test-helpers.js';

const SLUG = 'postcode-delivery-zones';

/** Ed25519 public key from its raw 32 bytes (SPKI DER = fixed 12-byte prefix + key). */
const publicKeyFromRaw = (raw: Buffer) =>
  createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });

const storedFiles = (t: TestApp) => {
  const dir = releasesDir(t.config.dataDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe(`release uploads (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const upload = (fields: Record<string, string>, file?: { name?: string; content: Buffer }) => uploadRelease(t, fields, file);

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
  });
  afterAll(async () => t.close());

  it('stores, hashes and signs a zip the way WordPress verifies it (Node crypto and PHP sodium)', async () => {
    const zip = await makePluginZip(SLUG, '1.8.0', 10_000);
    const response = await upload({ plugin_slug: SLUG, version: '1.8.0', notes: 'Faster checks' }, { content: zip });
    expect(response.statusCode).toBe(201);
    const release = response.json<{ version: string; plugin_slug: string; signature: string; zip_path: string; sha384: string }>();
    expect(release).toMatchObject({ version: '1.8.0', plugin_slug: SLUG, notes: 'Faster checks', file_size: zip.length });

    const digest = createHash('sha384').update(zip).digest();
    expect(release.sha384).toBe(digest.toString('hex'));
    const keyResponse = await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' });
    const { algorithm, public_key } = keyResponse.json<{ algorithm: string; public_key: string }>();
    expect(algorithm).toBe('ed25519');
    expect(Buffer.from(public_key, 'base64')).toHaveLength(32);
    const signature = Buffer.from(release.signature, 'base64');
    expect(signature).toHaveLength(64);
    expect(verify(null, digest, publicKeyFromRaw(Buffer.from(public_key, 'base64')), signature)).toBe(true);

    // What WordPress core's verify_file_signature() runs, on the stored file.
    const stored = path.join(releasesDir(t.config.dataDir), release.zip_path);
    expect(fs.readFileSync(stored).equals(zip)).toBe(true);
    const php = (sig: string) =>
      execFileSync('php', [
        '-r',
        'echo sodium_crypto_sign_verify_detached(base64_decode($argv[1]), hash_file("sha384", $argv[2], true), base64_decode($argv[3])) ? "valid" : "invalid";',
        '--',
        sig,
        stored,
        public_key,
      ]).toString();
    expect(php(release.signature)).toBe('valid');
    const altered = Buffer.from(signature);
    altered[0] = (altered[0] ?? 0) ^ 1;
    expect(php(altered.toString('base64'))).toBe('invalid');

    // Settings shows the same public key; the private key is never answered.
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers });
    expect(settings.json<{ signing_public_key: string }>().signing_public_key).toBe(public_key);
    expect(settings.body).not.toContain('PRIVATE');
  });

  it('records the activity, moves the plugin version and lists the release', async () => {
    const activities = await t.db.selectFrom('activities').selectAll().where('action_type', '=', 'release_uploaded').execute();
    expect(activities.map((a) => JSON.parse(a.details) as unknown)).toContainEqual({ version: '1.8.0', plugin_slug: SLUG });
    const plugin = await t.db.selectFrom('plugins').select('current_version').where('slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(plugin.current_version).toBe('1.8.0');

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/releases?plugin_slug=${SLUG}`, headers });
    expect(list.json<Array<{ version: string }>>().map((r) => r.version)).toEqual(['1.8.0']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/releases?plugin_slug=ucre', headers })).json()).toEqual([]);
    const files = await t.app.inject({ method: 'GET', url: '/api/releases/files' });
    expect(files.statusCode).toBe(200);
    expect(files.json()).toEqual([{ plugin_slug: SLUG, version: '1.8.0', created_at: expect.any(String) }]);
  });

  it('serves the stored zip to admins only at /releases/{zip_path}', async () => {
    const [release] = (await t.app.inject({ method: 'GET', url: '/api/admin/releases', headers })).json<Array<{ zip_path: string; signature: string }>>();
    const url = `/releases/${release?.zip_path}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['x-content-signature']).toBe(release?.signature);
    expect(response.rawPayload.equals(fs.readFileSync(path.join(releasesDir(t.config.dataDir), release?.zip_path ?? '')))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/releases/..%2F..%2Ftest.sqlite', headers })).statusCode).toBe(404);
  });

  it('refuses a duplicate plugin+version with 409 and keeps one file', async () => {
    const before = storedFiles(t);
    const response = await upload({ plugin_slug: SLUG, version: '1.8.0', notes: '' }, { content: await makePluginZip(SLUG, '1.8.0') });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(`Version 1.8.0 of ${SLUG} already exists`);
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses an oversized upload with 413 (Settings value, read per request) and leaves nothing behind', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { max_file_size_mb: 1 } });
    expect(put.statusCode).toBe(200);
    const before = storedFiles(t);
    const response = await upload({ plugin_slug: SLUG, version: '1.9.0', notes: '' }, { content: await makePluginZip(SLUG, '1.9.0', 1_200_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toContain('maximum of 1 MB');
    expect(storedFiles(t)).toEqual(before);
    expect(await t.db.selectFrom('releases').select('id').where('version', '=', '1.9.0').execute()).toEqual([]);
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { max_file_size_mb: 50 } });
  });

  it('refuses a file that is not a zip with 400 and leaves nothing behind', async () => {
    const before = storedFiles(t);
    const response = await upload({ plugin_slug: SLUG, version: '1.9.1', notes: '' }, { content: Buffer.from('PK\u0003\u0004 but not really a zip') });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('The file is not a readable .zip archive');
    expect(storedFiles(t)).toEqual(before);
  });

  it.each([
    { problem: 'no plugin', fields: { version: '1.9.2', notes: '' } as Record<string, string>, status: 400, message: 'Plugin selection is required' },
    { problem: 'no version', fields: { plugin_slug: SLUG, notes: '' }, status: 400, message: 'Version is required' },
    { problem: 'a bad version', fields: { plugin_slug: SLUG, version: '1.9', notes: '' }, status: 400, message: 'Please enter version in format: x.y.z' },
    { problem: 'an unknown plugin', fields: { plugin_slug: 'no-such-plugin', version: '1.9.2', notes: '' }, status: 422, message: 'Unknown plugin' },
  ])('answers $problem with a $status naming the problem', async ({ fields, status, message }) => {
    const response = await upload(fields, { content: await makePluginZip(SLUG, '1.9.2') });
    expect(response.statusCode).toBe(status);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('answers a missing file and a non-multipart body with 4xx', async () => {
    const noFile = await upload({ plugin_slug: SLUG, version: '1.9.3', notes: '' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ message: string }>().message).toContain('field "file"');
    const json = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers, payload: { plugin_slug: SLUG, version: '1.9.3' } });
    expect(json.statusCode).toBe(415);
    const empty = await upload({ plugin_slug: SLUG, version: '1.9.3', notes: '' }, { content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses uploads without a session or with a wrong token', async () => {
    const body = multipartBody({ plugin_slug: SLUG, version: '2.0.0' }, { content: await makePluginZip(SLUG, '2.0.0') });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/releases', payload: body.payload, headers: body.headers });
    expect(anonymous.statusCode).toBe(401);
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      payload: body.payload,
      headers: { ...body.headers, authorization: 'Bearer nope' },
    });
    expect(wrongToken.statusCode).toBe(401);
    expect(await t.db.selectFrom('releases').select('id').where('version', '=', '2.0.0').execute()).toEqual([]);
  });

  it('keeps the signing key across a restart', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
    t = await t.restart();
    headers = await t.adminHeaders();
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
    expect(after).toBe(before);
  });
});

describe(`concurrent uploads of one version (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('accepts exactly one and leaves exactly one file', async () => {
    const zips = await Promise.all([0, 1, 2, 3].map(() => makePluginZip(SLUG, '3.0.0', 200_000)));
    const responses = await Promise.all(zips.map((zip) => uploadRelease(t, { plugin_slug: SLUG, version: '3.0.0', notes: '' }, zip)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(storedFiles(t)).toHaveLength(1);
    expect(await t.db.selectFrom('releases').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('activities').select('id').where('action_type', '=', 'release_uploaded').execute()).toHaveLength(1);
  });
});
