import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { addPluginImage, startAdminApp } from '../../test/admin-app.js';
import type { PluginImage } from '../../../common/images.js';
import { makeImage } from '../../test/image-fixtures.js';

const SLUG = 'postcode-delivery-zones';

// Icons and banners are the WordPress artwork of the update answer: their sizes are WordPress's, and they
// stay out of the storefront gallery (never primary, not in the public list).
describe(`icon and banner images (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  const add = async (type: string, width: number, height: number) =>
    addPluginImage(t, SLUG, { filename: 'art.png', content: await makeImage('png', width, height) }, { type });
  const adminImages = async () => (await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${SLUG}/images`, headers })).json<PluginImage[]>();

  it.each([
    ['icon', 128, 128],
    ['icon', 256, 256],
    ['banner', 772, 250],
    ['banner', 1544, 500],
  ])('accepts a %s of %d×%d, which never becomes the primary image', async (type, width, height) => {
    const response = await add(type, width, height);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type, is_primary: false });
  });

  it.each([
    ['icon', 256, 128, 'An icon must be 128×128 or 256×256 pixels; this image is 256×128'],
    ['icon', 512, 512, 'An icon must be 128×128 or 256×256 pixels; this image is 512×512'],
    ['banner', 800, 250, 'A banner must be 772×250 or 1544×500 pixels; this image is 800×250'],
  ])('refuses a %s of %d×%d with 400 and the sizes it takes, adding nothing', async (type, width, height, message) => {
    const before = (await adminImages()).length;
    const response = await add(type, width, height);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(await adminImages()).toHaveLength(before);
  });

  it('keeps artwork out of the public gallery and refuses to make it primary', async () => {
    const screenshot = await add('screenshot', 640, 360);
    expect(screenshot.json()).toMatchObject({ is_primary: true });
    const publicList = (await t.app.inject({ method: 'GET', url: `/api/plugins/${SLUG}/images` })).json<PluginImage[]>();
    expect(publicList.map((image) => image.type)).toEqual(['screenshot']);

    const icon = (await adminImages()).find((image) => image.type === 'icon');
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}/images/${icon?.id}`, headers, payload: { is_primary: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('An icon or banner cannot be the primary image: choose a gallery image');

    // Deleting the primary passes it to the next gallery image, never to artwork.
    const second = await add('feature', 640, 360);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/plugins/${SLUG}/images/${screenshot.json<PluginImage>().id}`, headers });
    const primary = (await adminImages()).find((image) => image.is_primary);
    expect(primary?.id).toBe(second.json<PluginImage>().id);
  });
});
