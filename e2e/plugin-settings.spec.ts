import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './fixtures';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const makePng = (width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

interface AdminPluginAnswer {
  slug: string;
  price: number | null;
  discount_price: number | null;
  currency: string;
  lemonsqueezy_product_id: string | null;
}
const adminPlugin = async (page: Page, slug: string): Promise<AdminPluginAnswer | undefined> =>
  ((await (await page.request.get('/api/admin/plugins')).json()) as AdminPluginAnswer[]).find((plugin) => plugin.slug === slug);

async function openTab(page: Page, name: 'Settings' | 'Images' | 'Pricing') {
  await signIn(page, '/plugin-settings');
  await expect(page.getByRole('heading', { name: 'Plugin Settings' })).toBeVisible();
  await page.getByRole('tab', { name }).click();
}

async function choosePlugin(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Plugin' }).click();
  await page.getByRole('option', { name }).click();
}

test('Settings tab: product id edit one row at a time, with the digits-only rule', async ({ page }) => {
  await openTab(page, 'Settings');
  for (const header of ['Plugin Name', 'Description', 'Current Version', 'LemonSqueezy Product ID', 'Status', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = page.getByTestId('plugin-row-postcode-delivery-zones');
  await expect(row.getByText('Postcode Delivery Zones')).toBeVisible();
  await expect(row.getByText('postcode-delivery-zones', { exact: true })).toBeVisible();
  await expect(row.getByText('1.7.51')).toBeVisible();
  await expect(row.getByText('Not configured')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Integration Guide', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  // One row at a time: the other rows cannot start editing meanwhile.
  await expect(page.getByTestId('plugin-row-ucre').getByRole('button', { name: 'Edit' })).toBeDisabled();
  const input = row.getByLabel('LemonSqueezy Product ID for Postcode Delivery Zones');
  await input.fill('12ab');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid Product ID', { exact: true })).toBeVisible();
  await expect(page.getByText('LemonSqueezy Product ID must be a numeric string', { exact: true })).toBeVisible();
  expect((await adminPlugin(page, 'postcode-delivery-zones'))?.lemonsqueezy_product_id).toBeNull();

  await input.fill('424242');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plugin Updated', { exact: true })).toBeVisible();
  const link = row.getByRole('link', { name: '424242' });
  await expect(link).toHaveAttribute('href', 'https://app.lemonsqueezy.com/products/424242');
  expect((await adminPlugin(page, 'postcode-delivery-zones'))?.lemonsqueezy_product_id).toBe('424242');

  // Cancel keeps the saved value.
  await row.getByRole('button', { name: 'Edit' }).click();
  await input.fill('999');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('link', { name: '424242' })).toBeVisible();

  // Empty is sent as null.
  await row.getByRole('button', { name: 'Edit' }).click();
  await input.fill('');
  const request = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/admin/plugins/postcode-delivery-zones'));
  await row.getByRole('button', { name: 'Save' }).click();
  expect((await request).postDataJSON()).toEqual({ lemonsqueezy_product_id: null });
  await expect(row.getByText('Not configured')).toBeVisible();

  // The server refuses what the page would have refused.
  const refused = await page.request.patch('/api/admin/plugins/postcode-delivery-zones', { headers: XHR, data: { lemonsqueezy_product_id: 'abc' } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe('LemonSqueezy Product ID must be a numeric string');
});

test('Settings tab: a failed save shows Update Failed with the server message', async ({ page }) => {
  await page.route('**/api/admin/plugins/ucre', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'INTERNAL', message: 'Database is read-only' }) })
      : route.fallback(),
  );
  await openTab(page, 'Settings');
  const row = page.getByTestId('plugin-row-ucre');
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByLabel('LemonSqueezy Product ID for 8022 Licensing').fill('7');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Database is read-only', { exact: true })).toBeVisible();
});

test('Pricing tab: read-only until Edit Pricing, live preview, 49.995 → 5000, empty omitted, Cancel restores', async ({ page }) => {
  await openTab(page, 'Pricing');
  const saved = await adminPlugin(page, 'postcode-delivery-zones');
  await choosePlugin(page, 'Postcode Delivery Zones');
  const price = page.getByLabel('Price (£)', { exact: true });
  await expect(price).toHaveValue('49.00');
  await expect(price).toBeDisabled();
  const preview = page.getByTestId('pricing-preview');
  await expect(preview.getByText('£49')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Pricing' }).click();
  await expect(price).toBeEnabled();
  await price.fill('49.995');
  await page.getByLabel('Discount Price (£)').fill('');
  await expect(preview.getByText('£50')).toBeVisible();
  const request = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/admin/plugins/postcode-delivery-zones'));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body.price).toBe(5000);
  expect('discount_price' in body).toBe(false);
  expect('price_display' in body).toBe(false);
  await expect(page.getByText('Pricing Updated', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Pricing' })).toBeVisible();
  await expect(price).toHaveValue('50.00');
  expect((await adminPlugin(page, 'postcode-delivery-zones'))?.price).toBe(5000);

  // A discount previews as discounted with the original struck through; Cancel restores the saved values.
  await page.getByRole('button', { name: 'Edit Pricing' }).click();
  await page.getByLabel('Discount Price (£)').fill('25');
  await page.getByRole('combobox', { name: 'Currency' }).click();
  await page.getByRole('option', { name: 'USD ($)' }).click();
  await expect(preview.getByText('$25')).toBeVisible();
  await expect(preview.getByText('$50')).toBeVisible();
  await expect(preview.getByText('50% OFF')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Price (£)', { exact: true })).toHaveValue('50.00');
  await expect(page.getByLabel('Discount Price (£)')).toHaveValue('');
  await expect(preview.getByText('£50')).toBeVisible();
  expect((await adminPlugin(page, 'postcode-delivery-zones'))?.currency).toBe('GBP');

  // Not a number: the page says so and sends nothing.
  await page.getByRole('button', { name: 'Edit Pricing' }).click();
  await page.getByLabel('Price (£)', { exact: true }).fill('forty');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Enter an amount such as 49.99', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Leave the demo price as it was for the other journeys.
  const restore = await page.request.patch('/api/admin/plugins/postcode-delivery-zones', { headers: XHR, data: { price: saved?.price ?? 4900 } });
  expect(restore.status()).toBe(200);
});

test('Images tab: upload with pending states and retry, caption, primary, delete, placeholder', async ({ page }) => {
  await openTab(page, 'Images');
  await expect(page.getByRole('combobox', { name: 'Plugin' })).toHaveText('8022 Licensing');
  await choosePlugin(page, 'Postcode Delivery Zones');
  await expect(page.getByText('No images yet', { exact: false })).toBeVisible();
  const fileInput = page.getByTestId('image-file-input');

  // Client-side checks.
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Invalid Files', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select image files only (JPEG, PNG, WebP)', { exact: true })).toBeVisible();
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('File Too Large', { exact: true })).toBeVisible();
  await expect(page.getByText('huge.png is larger than 5MB', { exact: true })).toBeVisible();

  // A renamed non-image passes the browser's check and is refused by the server: error state, then retry.
  await fileInput.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not really a png file') });
  const pending = page.getByTestId('pending-image');
  await expect(pending).toHaveAttribute('data-status', 'idle');
  await pending.getByRole('button', { name: 'Upload' }).click();
  await expect(pending).toHaveAttribute('data-status', 'error');
  await expect(pending.getByText('The file is not a JPEG, PNG or WebP image')).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Retry' })).toBeVisible();
  await pending.getByRole('button', { name: 'Remove fake.png' }).click();
  await expect(pending).toHaveCount(0);

  // Two real images.
  await fileInput.setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: await makePng() },
    { name: 'second.png', mimeType: 'image/png', buffer: await makePng(800, 450) },
  ]);
  await expect(pending).toHaveCount(2);
  await page.getByLabel('Caption for first.png').fill('Zone editor');
  await pending.filter({ hasText: 'first.png' }).getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Image Uploaded', { exact: true })).toBeVisible();
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: 'Upload' }).click();
  await expect(pending).toHaveCount(0);
  const cards = page.getByTestId('plugin-image');
  await expect(cards).toHaveCount(2);
  const first = cards.filter({ hasText: 'Zone editor' });
  const second = cards.filter({ hasNotText: 'Zone editor' });
  await expect(first.getByText('Primary', { exact: true })).toBeVisible();
  await expect(second.getByText('Primary', { exact: true })).toHaveCount(0);

  // Caption: cancel restores, save stores.
  await second.getByRole('button', { name: 'Edit caption' }).click();
  await second.getByLabel('Caption').fill('Will be cancelled');
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second.getByText('No caption')).toBeVisible();
  await second.getByRole('button', { name: 'Edit caption' }).click();
  await second.getByLabel('Caption').fill('Checkout view');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Image Updated', { exact: true })).toBeVisible();
  const checkout = cards.filter({ hasText: 'Checkout view' });
  await expect(checkout).toBeVisible();

  // Set primary moves the flag: exactly one primary.
  await checkout.getByRole('button', { name: 'Set Primary' }).click();
  await expect(checkout.getByText('Primary', { exact: true })).toBeVisible();
  await expect(cards.filter({ hasText: 'Zone editor' }).getByText('Primary', { exact: true })).toHaveCount(0);
  const publicImages = (await (await page.request.get('/api/plugins/postcode-delivery-zones/images')).json()) as Array<{
    is_primary: boolean;
    caption: string;
    srcset: string;
  }>;
  expect(publicImages.filter((image) => image.is_primary).map((image) => image.caption)).toEqual(['Checkout view']);
  expect(publicImages[0]?.srcset).toContain('480w');

  // An image that fails to load shows the placeholder icon; three skeletons while the list loads.
  await page.route('**/media/images/**', (route) => route.fulfill({ status: 404, body: '' }));
  let releaseList: () => void = () => undefined;
  const listGate = new Promise<void>((resolve) => {
    releaseList = resolve;
  });
  await page.route('**/api/admin/plugins/postcode-delivery-zones/images', async (route) => {
    await listGate;
    await route.fallback();
  });
  await choosePlugin(page, '8022 Licensing');
  await choosePlugin(page, 'Postcode Delivery Zones');
  await expect(page.getByTestId('skeleton')).toHaveCount(3);
  releaseList();
  await expect(page.getByTestId('image-placeholder')).toHaveCount(2);
  await page.unroute('**/api/admin/plugins/postcode-delivery-zones/images');
  await page.unroute('**/media/images/**');

  // Delete both (confirmed), leaving the demo catalogue as it was.
  for (const caption of ['Checkout view', 'Zone editor']) {
    await cards.filter({ hasText: caption }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image Deleted', { exact: true })).toBeVisible();
    await expect(cards.filter({ hasText: caption })).toHaveCount(0);
  }
  await expect(cards).toHaveCount(0);
});
