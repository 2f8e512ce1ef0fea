import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { releaseKey, type ObjectStore } from '../../lib/object-storage.js';
import { S3ObjectStore } from '../../lib/object-storage-s3.js';
import { createLicense } from '../licenses/index.js';
import { createDownloadUrl } from './download-links.service.js';
import { DEMO_RELEASE_VERSION, seedDemoRelease } from './demo-release.js';
import { releasesDir } from './release-storage.js';
import { makePluginZip, multipartBody } from '../../test/release-test-helpers.js';

const SLUG = 'postcode-delivery-zones';
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// The same release journey on both stores, over real HTTP: upload through the admin API, download through a
// signed link and the admin route (whole and by range), delete. With S3 the zip lives in the bucket of a real
// S3-protocol server (s3rver), and DATA_DIR keeps no copy.
describe.each(['disk', 's3'] as const)(`releases in the %s store (${testDialect()})`, (kind) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  /** Reads the bucket directly, as another instance would. */
  let bucket: ObjectStore | undefined;
  let base: string;
  let admin: Record<string, string>;
  let zip: Buffer;
  let release: { id: number; zip_path: string; signature: string; file_size: number };

  const storedZips = () => (fs.existsSync(releasesDir(t.config.dataDir)) ? fs.readdirSync(releasesDir(t.config.dataDir)) : []);
  const upload = async (version: string, content: Buffer) => {
    const body = multipartBody({ plugin_slug: SLUG, version, notes: 'Notes' }, { content });
    return fetch(`${base}/api/admin/releases`, { method: 'POST', headers: { ...admin, ...body.headers }, body: body.payload });
  };
  const downloadPath = async () => {
    const license = await createLicense(t.ctx, { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 3 });
    const url = await createDownloadUrl(t.ctx, { licenseId: license.id, pluginSlug: SLUG, ttlSeconds: 3600, baseUrl: base });
    return new URL(url ?? '').pathname;
  };

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3Server({ prefix: 'shop' });
    t = await createTestApp({ env: s3?.env ?? {} });
    if (s3) bucket = new S3ObjectStore({ ...loadConfig({ ...s3.env, DATA_DIR: t.config.dataDir }).s3!, prefix: '' });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await t.adminHeaders();
    // The demo release (1.7.51) is stored through the same path as uploads.
    expect(await seedDemoRelease(t.ctx)).toBe(true);
    // 9 MB of incompressible bytes: more than one 8 MB part, so S3 gets a multipart upload.
    zip = await makePluginZip(SLUG, '1.9.0', 9 * 1024 * 1024);
    const response = await upload('1.9.0', zip);
    expect(response.status).toBe(201);
    release = (await response.json()) as typeof release;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    bucket?.close();
    await s3?.close();
  });

  it('stores the uploaded zip in the store: the bucket (under S3_PREFIX) with nothing left in DATA_DIR, or DATA_DIR', async () => {
    expect(release.file_size).toBe(zip.length);
    if (kind === 'disk') {
      expect(storedZips()).toContain(release.zip_path);
      expect(fs.readFileSync(path.join(releasesDir(t.config.dataDir), release.zip_path)).equals(zip)).toBe(true);
      return;
    }
    expect(storedZips()).toEqual([]);
    expect(await bucket!.head(`shop/${releaseKey(release.zip_path)}`)).toEqual({ size: zip.length });
    const object = await bucket!.get(`shop/${releaseKey(release.zip_path)}`);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(zip));
  });

  it('downloads through a signed link with the same bytes, sha256 and signature, and the .sig beside it', async () => {
    const link = await downloadPath();
    const response = await fetch(`${base}${link}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-length')).toBe(String(zip.length));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${SLUG}-1.9.0.zip"`);
    expect(response.headers.get('x-content-signature')).toBe(release.signature);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(zip));
    const signature = await fetch(`${base}${link}.sig`);
    expect(await signature.text()).toBe(release.signature);
  });

  it('answers one byte range with 206 (a resumed download), and 416 past the end', async () => {
    const link = await downloadPath();
    const tail = await fetch(`${base}${link}`, { headers: { range: `bytes=${zip.length - 1000}-` } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${zip.length - 1000}-${zip.length - 1}/${zip.length}`);
    expect(tail.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await tail.arrayBuffer()).equals(zip.subarray(zip.length - 1000))).toBe(true);

    const admin206 = await fetch(`${base}/releases/${release.zip_path}`, { headers: { ...admin, range: 'bytes=0-99' } });
    expect(admin206.status).toBe(206);
    expect(Buffer.from(await admin206.arrayBuffer()).equals(zip.subarray(0, 100))).toBe(true);

    const past = await fetch(`${base}${link}`, { headers: { range: `bytes=${zip.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${zip.length}`);
  });

  it('the admin route downloads the whole zip too', async () => {
    const response = await fetch(`${base}/releases/${release.zip_path}`, { headers: admin });
    expect(response.status).toBe(200);
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(zip));
  });

  it('stores the seeded demo release the same way', async () => {
    const demo = await t.db.selectFrom('releases').selectAll().where('version', '=', DEMO_RELEASE_VERSION).executeTakeFirstOrThrow();
    const response = await fetch(`${base}/releases/${demo.zip_path}`, { headers: admin });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(demo.file_size);
  });

  it('a refused upload leaves nothing in the store', async () => {
    const stored = () => (kind === 's3' ? s3!.keys() : storedZips());
    const before = await stored();
    const refused = await upload('2.0.0', await makePluginZip(SLUG, '2.0.1'));
    expect(refused.status).toBe(400);
    expect(await t.db.selectFrom('releases').select('id').where('version', '=', '2.0.0').executeTakeFirst()).toBeUndefined();
    expect(await stored()).toEqual(before);
  });

  it('of four concurrent uploads of one version, stores one: the objects of the other three are deleted again', async () => {
    const stored = () => (kind === 's3' ? s3!.keys() : storedZips());
    const before = (await stored()).length;
    const zips = await Promise.all([0, 1, 2, 3].map(() => makePluginZip(SLUG, '3.0.0', 200_000)));
    const responses = await Promise.all(zips.map((content) => upload('3.0.0', content)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect((await stored()).length).toBe(before + 1);
  });

  it('answers 404 when the file is gone from the store, and deleting a release deletes its object', async () => {
    const extra = await upload('1.9.1', await makePluginZip(SLUG, '1.9.1'));
    const { id, zip_path: zipPath } = (await extra.json()) as { id: number; zip_path: string };
    const key = kind === 's3' ? `shop/${releaseKey(zipPath)}` : releaseKey(zipPath);
    const exists = async () => (kind === 's3' ? (await bucket!.head(key)) !== null : fs.existsSync(path.join(t.config.dataDir, key)));
    expect(await exists()).toBe(true);

    const deleted = await fetch(`${base}/api/admin/releases/${id}`, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(204);
    expect(await exists()).toBe(false);

    // The 1.9.0 zip removed behind the server's back: a clear 404, not a 500 or an empty 200.
    if (kind === 's3') await bucket!.delete(`shop/${releaseKey(release.zip_path)}`);
    else fs.rmSync(path.join(releasesDir(t.config.dataDir), release.zip_path));
    const missing = await fetch(`${base}/releases/${release.zip_path}`, { headers: admin });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('The release file is missing on the server');
  });
});
