import { expect, test } from '@playwright/test';
import { DEMO_STORE_IDENTITY } from '../common/store-identity.js';
import { signIn } from './fixtures.js';

// The vendor names their shop in the admin (page "Storefront") and finds it on every public page: header, footer,
// title, meta description, JSON-LD; the demo vendor's texts are gone. The demo identity is put back afterwards,
// since the other specs share this server.

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const { logo: _logo, ...texts } = DEMO_STORE_IDENTITY;
  expect((await page.request.put('/api/admin/storefront', { headers, data: texts })).ok()).toBe(true);
  expect((await page.request.delete('/api/admin/storefront/logo', { headers })).ok()).toBe(true);
  await page.close();
});

test('the vendor sets the store identity in the admin and buyers see it everywhere', async ({ page }) => {
  await signIn(page, '/storefront');
  await expect(page.getByRole('heading', { name: 'Storefront', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Store name')).toHaveValue('8022 Plugins');

  // A pale accent colour is refused with its reason before anything is sent.
  await page.getByLabel('Accent colour').fill('#ffcc00');
  await expect(page.getByText(/contrast of 1\.\d\d:1 against white, below the 4\.5:1/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  await page.getByLabel('Store name').fill('Acme Widgets');
  await page.getByLabel('Headline').fill('Widgets for WordPress');
  await page.getByLabel('Tagline').fill('Hand-made widgets for busy shops.');
  await page.getByLabel('Accent colour').fill('#1d4ed8');
  await expect(page.getByTestId('accent-sample')).toBeVisible();
  await page.getByLabel('Support e-mail').fill('help@acme.example');
  await page.getByLabel('Legal name').fill('Acme Widgets Ltd');
  await page.getByLabel('Legal address').fill('1 High Street\nLeeds LS1 1AA');
  await page.getByLabel('VAT number').fill('GB123456789');
  await page.getByLabel('Footer links').fill('Status | https://status.acme.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Storefront Saved', { exact: true })).toBeVisible();

  // The logo goes through the images pipeline: a renamed text file is refused by the server with its reason.
  const file = page.getByLabel('Logo file');
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all '.repeat(10)) });
  await expect(page.getByText('415: The file is not a JPEG, PNG or WebP image').or(page.getByText('The file is not a JPEG, PNG or WebP image'))).toBeVisible();
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();

  // The storefront, loaded fresh as a buyer would.
  await page.goto('/');
  await expect(page).toHaveTitle('Home - Acme Widgets');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Acme Widgets' })).toBeVisible();
  await expect(header.locator('img')).toHaveAttribute('src', /^\/media\/images\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widgets for WordPress');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Hand-made widgets for busy shops.')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
  await expect(footer.getByRole('link', { name: 'Status' })).toHaveAttribute('href', 'https://status.acme.example');
  await expect(footer.getByText('Acme Widgets Ltd · 1 High Street, Leeds LS1 1AA · VAT GB123456789')).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Hand-made widgets for busy shops.');
  // The accent colour is the primary colour of the storefront's buttons.
  expect(await page.getByRole('link', { name: 'Browse Plugins' }).evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgb(29, 78, 216)');

  // The text pages (About, Support, …) still hold the demo's text until the vendor rewrites them (e2e/store-pages.spec.ts).
  for (const path of ['/', '/catalog', '/plugin/postcode-delivery-zones']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('Acme Widgets');
    expect(html, path).not.toMatch(/8022 Plugins|support@8022\.dev|Premium WordPress/);
  }
  await page.goto('/catalog');
  await expect(page).toHaveTitle('Catalog - Acme Widgets');

  // A phone: the header with its logo and a long name still fits 360 px.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/store-identity-360.png', fullPage: true });
});
