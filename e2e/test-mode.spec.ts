import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// Safe production defaults (docs/checkout.md): while the built-in test payments are live every storefront page
// says so, and the admin is warned while the shop has no address. The e2e server runs with test payments live and
// BASE_URL set.

test('the TEST MODE banner shows on the landing page and the catalogue', async ({ page }) => {
  for (const path of ['/', '/catalog', '/plugin/postcode-delivery-zones']) {
    await page.goto(path);
    const banner = page.getByTestId('test-mode-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('TEST MODE');
    await expect(banner).toContainText('no card is charged');
    await expect(banner).toBeInViewport();
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('test-mode-banner.png') });
});

test('the TEST MODE bar takes its own room above the content at 360 px, and is left off print', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const path of ['/', '/catalog', `/checkout/postcode-delivery-zones`]) {
    await page.goto(path);
    const banner = page.getByTestId('test-mode-banner');
    await expect(banner).toBeVisible();
    const bar = (await banner.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    const heading = (await page.getByRole('heading', { level: 1 }).first().boundingBox())!;
    // Nothing the page shows starts under the bar.
    expect(header.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
    expect(heading.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
    await expect(banner).toHaveCSS('position', 'static');
  }
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('test-mode-banner')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('test-mode-banner')).toBeVisible();
});

test('no TEST MODE banner once a real provider takes the checkout', async ({ page }) => {
  await page.route('**/api/checkout/config', (route) => route.fulfill({ json: { provider: 'stripe', publishableKey: 'pk_test_x', message: null } }));
  // The page's HTML carries the config too (server/http/page-meta.ts): as a server with Stripe would send it.
  await page.route(/\/$/, async (route) => {
    const response = await route.fetch();
    // The body is sent decoded: drop the original encoding and length.
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    const html = (await response.text()).replace('"provider":"test"', '"provider":"stripe"');
    expect(html).toContain('"provider":"stripe"');
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('test-mode-banner')).toHaveCount(0);
});

test('the admin is warned while the shop has no address, with the count of held e-mails and a link to Settings', async ({ page }) => {
  await signIn(page, '/admin');
  await expect(page.getByRole('heading', { name: 'Licensing - Admin Dashboard' })).toBeVisible();
  // BASE_URL is set on this server: no warning, no prompt.
  await expect(page.getByTestId('shop-address-warning')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // As on a server without BASE_URL, the Settings field empty and no confirmed address, with two e-mails held.
  await page.route('**/api/admin/shop-address', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...((await response.json()) as object), base_url: null, confirmed_origin: null, link_base: null, held_emails: 2 },
    });
  });
  await page.reload();
  // The first-run prompt (e2e/shop-address.spec.ts) comes first.
  await page.getByRole('dialog', { name: "Your shop's address" }).getByRole('button', { name: 'Later' }).click();
  const warning = page.getByTestId('shop-address-warning');
  await expect(warning).toContainText("Your shop's address is not set");
  await expect(warning).toContainText('2 e-mails are waiting.');
  await page.screenshot({ path: test.info().outputPath('shop-address-warning.png') });
  await warning.getByRole('link', { name: 'Set the Base URL in Settings' }).click();
  await expect(page).toHaveURL('/settings');
});
