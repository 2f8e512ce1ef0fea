import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PLUGIN_SLUG_MESSAGE } from '../common/plugin-admin';
import { makeZip, pluginMainFile } from '../server/test/release-test-helpers';
import { fillTestCard, signIn } from './fixtures';

const SLUG = 'stock-alerts';
const NAME = 'Stock Alerts';
const BELOW_MINIMUM = 'newest release 1.0.0 is below the minimum release version 1.7.51 (Settings)';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();

/** A zip the release upload accepts: top folder = slug, main file header Version = the release version. */
const pluginZip = (version: string): Promise<Buffer> => makeZip({ [`${SLUG}/${SLUG}.php`]: pluginMainFile(NAME, version) });

interface AdminPluginAnswer {
  slug: string;
  long_description: string;
  features: string[];
  homepage: string | null;
  retired_at: string | null;
}
const adminPlugin = async (page: Page) => (await (await page.request.get(`/api/admin/plugins/${SLUG}`)).json()) as AdminPluginAnswer;

/** The minimum release version, set through the API (the journey itself uses the Settings page). */
const putMinimum = (page: Page, version: string) =>
  page.request.put('/api/admin/settings', { data: { min_release_version: version }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });

// The journey lowers the minimum; later specs share this server and expect the specification's 1.7.51.
test.afterEach(async ({ page }) => {
  expect((await putMinimum(page, '1.7.51')).ok()).toBe(true);
});

test('a vendor creates a plugin, edits it, prices it, releases 1.0.0, lowers the minimum release version, sells it and retires it', async ({ page }) => {
  await signIn(page, '/plugins');
  await expect(page.getByRole('heading', { name: 'Plugins', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plugins', exact: true })).toHaveAttribute('data-active', 'true');

  // Create: the slug follows the name until typed; a bad slug is refused with the server's own message.
  await page.getByRole('button', { name: 'New Plugin' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(NAME);
  await expect(dialog.getByLabel('Slug')).toHaveValue(SLUG);
  await dialog.getByLabel('Slug').fill('Stock Alerts!');
  await dialog.getByRole('button', { name: 'Create Plugin' }).click();
  await expect(dialog.getByText(PLUGIN_SLUG_MESSAGE, { exact: true })).toBeVisible();
  await dialog.getByLabel('Slug').fill(SLUG);
  await dialog.getByLabel('Short Description').fill('E-mail shoppers when a product is back in stock.');
  await dialog.getByRole('button', { name: 'Create Plugin' }).click();
  await expect(page.getByText('Plugin Created', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/plugins/${SLUG}$`));

  // Edit: every field on one page; a bad address is named before anything is sent.
  await expect(page.getByRole('heading', { name: NAME, level: 1 })).toBeVisible();
  await page.getByLabel('Long Description').fill('Stock Alerts adds a "notify me" form to out-of-stock products.');
  await page.getByLabel('Features').fill('Back-in-stock e-mails\n\nWaiting list export');
  await page.getByLabel('Homepage').fill('example.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Homepage must be a full web address starting with https:// (or leave it empty)', { exact: true })).toBeVisible();
  await page.getByLabel('Homepage').fill('https://example.com/stock-alerts');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Plugin Updated', { exact: true })).toBeVisible();
  expect(await adminPlugin(page)).toMatchObject({ features: ['Back-in-stock e-mails', 'Waiting list export'], homepage: 'https://example.com/stock-alerts' });

  // Icon and banner: WordPress sizes only.
  await page.getByLabel('Icon file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await makePng(128, 128) });
  await expect(page.getByTestId('artwork-icon').getByRole('img')).toHaveCount(1);
  const firstIcon = await page.getByTestId('artwork-icon').getByRole('img').getAttribute('src');
  await page.getByLabel('Icon file').setInputFiles({ name: 'icon-2x.png', mimeType: 'image/png', buffer: await makePng(256, 256) });
  await expect(page.getByTestId('artwork-icon').getByRole('img')).not.toHaveAttribute('src', firstIcon ?? '');
  await expect(page.getByTestId('artwork-icon').getByRole('img')).toHaveCount(1);
  await page.getByLabel('Banner file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await makePng(800, 250) });
  await expect(page.getByText('A banner must be 772×250 or 1544×500 pixels; this image is 800×250', { exact: true })).toBeVisible();
  await page.getByLabel('Banner file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await makePng(772, 250) });
  await expect(page.getByTestId('artwork-banner').getByRole('img')).toHaveCount(1);

  // Pricing in Plugin Settings.
  await page.goto('/plugin-settings');
  await page.getByRole('tab', { name: 'Pricing' }).click();
  await page.getByRole('combobox', { name: 'Plugin' }).click();
  await page.getByRole('option', { name: NAME }).click();
  await page.getByRole('button', { name: 'Edit Pricing' }).click();
  await page.getByLabel('Price (£)', { exact: true }).fill('29');
  await page.getByLabel('Pricing active').check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Pricing Updated', { exact: true })).toBeVisible();

  // A first release 1.0.0: below the default minimum release version (1.7.51), and the admin says so.
  await page.goto('/releases?action=upload');
  const upload = page.getByRole('dialog');
  await upload.getByLabel('Plugin', { exact: true }).click();
  await page.getByRole('option', { name: SLUG.toUpperCase() }).click();
  await upload.getByLabel('Version').fill('1.0.0');
  await upload.getByLabel('Plugin File').setInputFiles({ name: `${SLUG}.zip`, mimeType: 'application/zip', buffer: await pluginZip('1.0.0') });
  await upload.getByRole('button', { name: 'Create Release' }).click();
  await expect(page.getByText('Release Created', { exact: true })).toBeVisible();

  await page.goto('/plugins');
  const sale = page.getByTestId(`plugins-row-${SLUG}`).getByTestId('sale-status');
  await expect(sale.getByText('Not on sale', { exact: true })).toBeVisible();
  await expect(sale.getByText(BELOW_MINIMUM, { exact: true })).toBeVisible();
  await expect(page.getByTestId('plugins-row-postcode-delivery-zones').getByText('On sale', { exact: true })).toBeVisible();
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/plugins-not-on-sale.png`, fullPage: true });
  await page.getByRole('link', { name: `Edit ${NAME}` }).click();
  await expect(page.getByText(BELOW_MINIMUM, { exact: true })).toBeVisible();
  await page.goto(`/plugin/${SLUG}`);
  await expect(page.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();

  // The vendor lowers the minimum in Settings; the plugin goes on sale at once.
  await page.goto('/settings');
  await expect(page.getByText('Releases below this version are not offered for sale; set 1.0.0 or 0.0.0 to sell from your first release.')).toBeVisible();
  await page.getByLabel('Minimum release version').fill('1.0.0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Plugins', exact: true }).click();
  await expect(sale.getByText('On sale', { exact: true })).toBeVisible();
  await expect(sale.getByText(BELOW_MINIMUM)).toHaveCount(0);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/plugins-on-sale.png`, fullPage: true });

  // On sale on the storefront, and bought with the test card.
  await page.goto('/catalog');
  const card = page.locator(`[data-testid="plugin-card"][data-slug="${SLUG}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('price-amount')).toHaveText('£29');
  await page.goto(`/plugin/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByRole('button', { name: /Purchase Now/ }).or(page.getByRole('link', { name: /Purchase Now/ }))).toBeVisible();
  await page.goto(`/checkout/${SLUG}`);
  await page.getByLabel('Email address').fill(`stock-alerts-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillTestCard(page.getByRole('form', { name: 'Card payment' }), '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £29' }).click();
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();

  // Retire, confirmed; its row stays in the admin, marked Retired.
  await page.goto('/plugins');
  const row = page.getByTestId(`plugins-row-${SLUG}`);
  await row.getByRole('button', { name: `Retire ${NAME}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Its licences keep validating and receiving updates');
  await confirm.getByRole('button', { name: 'Retire Plugin' }).click();
  await expect(page.getByText('Plugin Retired', { exact: true })).toBeVisible();
  await expect(row.getByText('Retired', { exact: true })).toBeVisible();
  expect((await adminPlugin(page)).retired_at).not.toBeNull();

  // Gone from the storefront.
  await page.goto('/catalog');
  await expect(page.getByTestId('plugin-card').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goto(`/plugin/${SLUG}`);
  await expect(page.getByText('Plugin Not Found')).toBeVisible();
});
