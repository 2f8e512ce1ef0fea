import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { uploadImage } from '../../test/admin-app.js';
import { makeImage } from '../../test/image-fixtures.js';

const SLUG = 'postcode-delivery-zones';
const mode = (file: string) => fs.statSync(file).mode & 0o777;

// What a served upload may carry: no EXIF (a phone photo's GPS position), no hidden HTML, no sniffing.
describe(`served images (${testDialect()})`, () => {
  let t: TestApp;
  const imagesDir = () => path.join(t.config.dataDir, 'images');
  const incomingDir = () => path.join(t.config.dataDir, 'images-incoming');

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function uploadAndFetch(content: Buffer) {
    const uploaded = await uploadImage(t, SLUG, { filename: 'photo.jpg', content, contentType: 'image/jpeg' });
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json<{ url: string }>();
    return { url, served: await t.app.inject({ method: 'GET', url }) };
  }

  it('serves a JPEG without its EXIF data (GPS position, copyright), upright as its orientation said', async () => {
    // 40×20 pixels stored sideways: orientation 6 means "rotate 90° clockwise to show".
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Where I live' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('Where I live')).toBe(true);

    const { served } = await uploadAndFetch(photo);
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width: 20, height: 40 });
    expect(served.rawPayload.includes('Where I live')).toBe(false);
  });

  it('serves a JPEG+HTML polyglot as an image only: nosniff, a sandboxing CSP, and the HTML gone', async () => {
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const polyglot = Buffer.concat([await makeImage('jpeg', 32, 32), Buffer.from(html)]);
    const { served } = await uploadAndFetch(polyglot);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.includes('<script>')).toBe(false);
  });

  it('keeps uploads owner-only: folders 0700, files 0600, nothing left in images-incoming', async () => {
    const { url } = await uploadAndFetch(await makeImage('jpeg', 600, 400));
    const name = path.basename(url).split('.')[0] ?? '';
    expect(mode(imagesDir())).toBe(0o700);
    expect(mode(incomingDir())).toBe(0o700);
    for (const file of [path.basename(url), `${name}-480w.webp`]) expect(mode(path.join(imagesDir(), file))).toBe(0o600);
    expect(fs.readdirSync(incomingDir())).toEqual([]);
  });

  it('removes partial uploads older than an hour from images-incoming at start, and keeps recent ones', async () => {
    const stale = path.join(incomingDir(), 'a'.repeat(32));
    const recent = path.join(incomingDir(), 'b'.repeat(32));
    fs.writeFileSync(stale, 'half an upload');
    fs.writeFileSync(recent, 'an upload in progress');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    fs.chmodSync(imagesDir(), 0o755);
    t = await t.restart();
    expect(fs.readdirSync(incomingDir())).toEqual([path.basename(recent)]);
    expect(mode(imagesDir())).toBe(0o700);
    fs.rmSync(recent);
  });
});
