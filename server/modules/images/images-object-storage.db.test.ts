import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { makeImage, multipartBody } from '../../test/image-fixtures.js';

const SLUG = 'postcode-delivery-zones';

// Images with S3_BUCKET set, over real HTTP against a real S3-protocol server (s3rver): the original and its
// WebP variants live in the bucket, /media/images/ serves them with the disk store's headers, delete removes them.
describe(`images in a bucket (${testDialect()})`, () => {
  let t: TestApp;
  let s3: TestS3Server;
  let base: string;
  let admin: Record<string, string>;

  const upload = async (content: Buffer, filename = 'photo.jpg') => {
    const body = multipartBody('image', filename, content, 'image/jpeg');
    return fetch(`${base}/api/admin/plugins/${SLUG}/images/upload`, {
      method: 'POST',
      headers: { ...admin, ...body.headers },
      body: new Uint8Array(body.payload),
    });
  };
  const localFiles = (folder: string) => (fs.existsSync(path.join(t.config.dataDir, folder)) ? fs.readdirSync(path.join(t.config.dataDir, folder)) : []);

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the original and its 480 and 1200 px WebP variants in the bucket, none in DATA_DIR, and serves them', async () => {
    const uploaded = await upload(await makeImage('jpeg', 1600, 900));
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const name = /^\/media\/images\/([0-9a-f]{32})\.jpg$/.exec(url)?.[1];
    expect(name).toBeDefined();
    expect(await s3.keys()).toEqual(expect.arrayContaining([`images/${name}.jpg`, `images/${name}-480w.webp`, `images/${name}-1200w.webp`]));
    expect(localFiles('images')).toEqual([]);
    expect(localFiles('images-incoming')).toEqual([]);

    const original = await fetch(`${base}${url}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    expect(original.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 900 });

    const variant = await fetch(`${base}/media/images/${name}-480w.webp`);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await variant.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 480 });

    const range = await fetch(`${base}/media/images/${name}-480w.webp`, { headers: { range: 'bytes=0-11' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-11/${bytes.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(0, 12))).toBe(true);

    const head = await fetch(`${base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404, never cached, for names it never generated or that are not in the bucket', async () => {
    for (const file of ['0123456789abcdef0123456789abcdef.jpg', 'x.jpg', '..%2F..%2Fsecret', '0123456789abcdef0123456789abcdef-480w.png']) {
      const response = await fetch(`${base}/media/images/${file}`);
      expect(response.status, file).toBe(404);
      expect(response.headers.get('cache-control') ?? '', file).not.toContain('immutable');
    }
  });

  it('keeps nothing from a refused upload', async () => {
    const before = await s3.keys();
    const refused = await upload(Buffer.from('<html>not an image</html>'.repeat(10)), 'page.jpg');
    expect(refused.status).toBe(415);
    expect(await s3.keys()).toEqual(before);
    expect(localFiles('images-incoming')).toEqual([]);
  });

  it('deleting an image deletes its objects', async () => {
    const uploaded = await upload(await makeImage('png', 600, 400), 'shot.png');
    const { url } = (await uploaded.json()) as { url: string };
    const name = /([0-9a-f]{32})\.png$/.exec(url)?.[1] ?? '';
    const created = await fetch(`${base}/api/admin/plugins/${SLUG}/images`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ url, caption: 'Settings' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // 600 px wide: variants of 480 and 600 (never enlarged).
    expect((await s3.keys()).filter((key) => key.includes(name))).toEqual([`images/${name}-480w.webp`, `images/${name}-600w.webp`, `images/${name}.png`]);

    const deleted = await fetch(`${base}/api/admin/plugins/${SLUG}/images/${id}`, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(200);
    expect((await s3.keys()).filter((key) => key.includes(name))).toEqual([]);
    expect((await fetch(`${base}${url}`)).status).toBe(404);
  });
});
