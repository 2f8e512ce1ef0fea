import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import { MAX_IMAGE_BYTES, type PluginImage } from '../../../common/images.js';
import { makeImage, multipartBody } from '../../test/image-fixtures.js';

const SLUG = 'postcode-delivery-zones';

describe(`plugin images (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const imagesDir = () => path.join(t.config.dataDir, 'images');

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
  });
  afterAll(async () => t.close());

  const upload = async (content: Buffer, filename = 'picture.png', field = 'image', slug = SLUG) => {
    const body = multipartBody(field, filename, content, 'image/png');
    return t.app.inject({ method: 'POST', url: `/api/admin/plugins/${slug}/images/upload`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const uploadAndCreate = async (extra: Record<string, unknown> = {}): Promise<PluginImage> => {
    const uploaded = await upload(await makeImage('png'));
    expect(uploaded.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/plugins/${SLUG}/images`,
      headers,
      payload: { url: uploaded.json<{ url: string }>().url, type: 'screenshot', caption: 'A screenshot', ...extra },
    });
    expect(created.statusCode).toBe(201);
    return created.json<PluginImage>();
  };
  const listAdmin = async () => (await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${SLUG}/images`, headers })).json<PluginImage[]>();

  it.each(['jpeg', 'png', 'webp'] as const)('accepts a %s image, keeps the original and writes WebP variants', async (format) => {
    const original = await makeImage(format, 1600, 900);
    const response = await upload(original, `photo.${format}`);
    expect(response.statusCode).toBe(200);
    const { success, url } = response.json<{ success: boolean; url: string }>();
    expect(success).toBe(true);
    expect(url).toMatch(/^\/media\/images\/[0-9a-f]{32}\.(jpg|png|webp)$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    // The original is re-encoded (metadata dropped), in its own format and size.
    const servedImage = await sharp(served.rawPayload).metadata();
    expect({ format: servedImage.format, width: servedImage.width, height: servedImage.height }).toEqual({ format: format, width: 1600, height: 900 });
    const name = path.basename(url).split('.')[0] ?? '';
    for (const width of [480, 1200]) expect(fs.existsSync(path.join(imagesDir(), `${name}-${width}w.webp`))).toBe(true);
  });

  it('refuses a non-image renamed to .png with 415 and keeps nothing', async () => {
    const before = fs.readdirSync(imagesDir()).length;
    const response = await upload(Buffer.from('<?php echo "not an image"; ?>'.repeat(10)), 'evil.png');
    expect(response.statusCode).toBe(415);
    expect(response.json<{ message: string }>().message).toBe('The file is not a JPEG, PNG or WebP image');
    expect(fs.readdirSync(imagesDir()).length).toBe(before);
  });

  it('refuses a file with image magic bytes that is not a readable image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    expect((await upload(fake)).statusCode).toBe(415);
  });

  it('refuses 5 MB + 1 byte with 413 while streaming, and keeps nothing', async () => {
    const before = fs.readdirSync(imagesDir()).length;
    const png = await makeImage('png', 10, 10);
    const oversized = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    expect(oversized.length).toBe(MAX_IMAGE_BYTES + 1);
    const response = await upload(oversized);
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe('The image is larger than 5 MB');
    expect(fs.readdirSync(imagesDir()).length).toBe(before);
  });

  it('accepts exactly 5 MB', async () => {
    const jpeg = await makeImage('jpeg', 10, 10);
    const exact = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES - jpeg.length)]);
    expect((await upload(exact, 'big.jpg')).statusCode).toBe(200);
  });

  it('answers 4xx with a message for a wrong field, no file, no multipart, an unknown plugin', async () => {
    expect((await upload(await makeImage('png'), 'a.png', 'file')).statusCode).toBe(400);
    const notMultipart = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${SLUG}/images/upload`, headers, payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(415);
    expect((await upload(await makeImage('png'), 'a.png', 'image', 'no-such-plugin')).statusCode).toBe(404);
  });

  it('creates records only for urls this server issued, for the same plugin', async () => {
    for (const url of ['https://evil.example.com/x.png', '/media/images/../../etc/passwd', `/media/images/${'a'.repeat(32)}.png`]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${SLUG}/images`, headers, payload: { url, type: 'hero' } });
      expect(response.statusCode).toBe(400);
    }
    const uploaded = (await upload(await makeImage('png'))).json<{ url: string }>().url;
    const otherPlugin = await t.app.inject({ method: 'POST', url: '/api/admin/plugins/ucre/images', headers, payload: { url: uploaded, type: 'hero' } });
    expect(otherPlugin.statusCode).toBe(400);
    const badType = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${SLUG}/images`, headers, payload: { url: uploaded, type: 'banner' } });
    expect(badType.statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/plugins/${SLUG}/images`,
      headers,
      payload: { url: uploaded, type: 'hero', caption: 'Hero', sort_order: 0 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ url: uploaded, type: 'hero', caption: 'Hero', plugin_slug: SLUG, is_primary: true });
    expect(created.json<PluginImage>().srcset).toMatch(/-480w\.webp 480w, .*-800w\.webp 800w$/);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${SLUG}/images`, headers, payload: { url: uploaded, type: 'hero' } });
    expect(again.statusCode).toBe(409);
  });

  it('edits the caption and lists publicly with srcset', async () => {
    const image = await uploadAndCreate();
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}/images/${image.id}`, headers, payload: { caption: 'New caption' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<PluginImage>().caption).toBe('New caption');
    const publicList = await t.app.inject({ method: 'GET', url: `/api/plugins/${SLUG}/images` });
    expect(publicList.statusCode).toBe(200);
    const found = publicList.json<PluginImage[]>().find((item) => item.id === image.id);
    expect(found).toMatchObject({ caption: 'New caption', plugin_slug: SLUG });
    expect(Object.keys(found ?? {}).sort()).toEqual(['caption', 'id', 'is_primary', 'plugin_slug', 'sort_order', 'srcset', 'type', 'url']);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}/images/${image.id}`, headers, payload: { is_primary: false } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}/images/abc`, headers, payload: { caption: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}/images/999999`, headers, payload: { caption: 'x' } })).statusCode).toBe(404);
  });

  it('hides images of inactive or unknown plugins from the public', async () => {
    await t.db.updateTable('plugins').set({ active: 0 }).where('slug', '=', 'ucre').execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins/ucre/images' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins/nope/images' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/plugins/ucre/images', headers })).statusCode).toBe(200);
  });

  it('leaves exactly one primary under concurrent set-primary requests', async () => {
    const created = await Promise.all(Array.from({ length: 4 }, () => uploadAndCreate()));
    const all = await listAdmin();
    expect(all.filter((image) => image.is_primary)).toHaveLength(1);
    for (let round = 0; round < 3; round += 1) {
      const responses = await Promise.all(
        [...created, ...created].map((image) =>
          t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}/images/${image.id}`, headers, payload: { is_primary: true } }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
      const primaries = (await listAdmin()).filter((image) => image.is_primary);
      expect(primaries).toHaveLength(1);
    }
  });

  it('deletes the record and its files, and promotes another primary', async () => {
    const images = await listAdmin();
    const primary = images.find((image) => image.is_primary);
    expect(primary).toBeDefined();
    const name = path.basename(primary?.url ?? '').split('.')[0] ?? '';
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/plugins/${SLUG}/images/${primary?.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(fs.readdirSync(imagesDir()).filter((file) => file.startsWith(name))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: primary?.url ?? '' })).statusCode).toBe(404);
    const after = await listAdmin();
    expect(after).toHaveLength(images.length - 1);
    expect(after.filter((image) => image.is_primary)).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/plugins/${SLUG}/images/${primary?.id}`, headers })).statusCode).toBe(404);
  });

  it('refuses strangers on every admin image route', async () => {
    for (const [method, url] of [
      ['GET', `/api/admin/plugins/${SLUG}/images`],
      ['POST', `/api/admin/plugins/${SLUG}/images/upload`],
      ['POST', `/api/admin/plugins/${SLUG}/images`],
      ['PATCH', `/api/admin/plugins/${SLUG}/images/1`],
      ['DELETE', `/api/admin/plugins/${SLUG}/images/1`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
