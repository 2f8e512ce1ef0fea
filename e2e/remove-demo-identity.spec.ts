import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';
import { ownServerPort, startOwnServer } from './own-server';

// Issue 40: "Remove demo content" also offers, with a preview, to replace the demo store identity and pages with
// neutral starting texts. The vendor first sets its own terms (14 days, "within one working day", American spelling),
// removes the demo with the identity, and the public pages then carry none of the demo vendor's promises.

test.describe.configure({ mode: 'serial' });

let stopServer: (() => Promise<void>) | undefined;
const port = ownServerPort();
const base = `http://127.0.0.1:${port}`;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const DEMO_PROMISES = [/8022/, /Postcode/, /within 24 hours/, /30-day/, /30 days/, /3 websites/, /licence/i];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The demo shop of the specification (its own server: the shared one keeps the demo for the other specs).
  stopServer = await startOwnServer(port, {});
});
test.afterAll(async () => stopServer?.());

test('the vendor previews and replaces the demo store identity and pages; no public page keeps the demo’s promises', async ({ browser }) => {
  test.setTimeout(180_000);
  const vendor = await (await browser.newContext({ baseURL: base })).newPage();
  await signIn(vendor, `${base}/admin`);
  const terms = await vendor.request.put(`${base}/api/admin/storefront`, {
    headers: XHR,
    data: { refund_days: 14, support_promise: 'within one working day', spelling: 'american' },
  });
  expect(terms.ok(), await terms.text()).toBe(true);

  await vendor.goto(`${base}/plugins`);
  const card = vendor.getByTestId('demo-content');
  await card.getByRole('button', { name: 'Remove demo content' }).click();
  const dialog = vendor.getByRole('alertdialog');
  const replace = dialog.getByTestId('replace-identity');
  await expect(replace).toBeChecked();
  const preview = dialog.getByTestId('identity-preview');
  await expect(preview).toContainText('Store name');
  await expect(preview).toContainText('8022 Plugins');
  await expect(preview).toContainText('My Plugin Shop');
  await expect(preview).toContainText('About page');
  // The vendor's own terms are not listed: they stay.
  await expect(preview).not.toContainText('Refund window');
  await vendor.screenshot({ path: test.info().outputPath('demo-identity-preview.png') });
  await replace.uncheck();
  await expect(preview).toHaveCount(0);
  await replace.check();
  await dialog.getByRole('button', { name: 'Remove demo content' }).click();
  await expect(vendor.getByText('Demo content removed', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  const buyer = await (await browser.newContext({ baseURL: base })).newPage();
  for (const path of ['/', '/about', '/documentation', '/support', '/privacy', '/terms', '/refund-policy']) {
    await buyer.goto(`${base}${path}`);
    await expect(buyer.locator('main')).toBeVisible();
    const text = (await buyer.locator('body').innerText()) + (await buyer.title());
    expect(
      DEMO_PROMISES.find((pattern) => pattern.test(text)),
      `${path}: ${text.slice(0, 400)}`,
    ).toBeUndefined();
  }
  await buyer.goto(`${base}/refund-policy`);
  await expect(buyer.getByText('Ask for a full refund within 14 days of purchase')).toBeVisible();
  await expect(buyer).toHaveTitle(/My Plugin Shop/);
});
