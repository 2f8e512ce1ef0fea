import { expect, test, type Page } from '@playwright/test';
import yazl from 'yazl';
import { fillTestCard, signIn } from './fixtures';

// Issue 26's single journey: a buyer buys a 5-site yearly tier with a coupon, renews early (the expiry moves by exactly
// one term), upgrades to unlimited (paying the prorated difference of docs/pricing.md "Upgrades"), and the admin then
// refunds the purchase (licence revoked, refund e-mail in the outbox). A plugin of its own, retired at the end.

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const DAY_MS = 86_400_000;

/** The same time one calendar year later or earlier, the day clamped to the month's end (common/prices.ts addTerm). */
function shiftYear(iso: string, years: number): string {
  const from = new Date(iso);
  const target = new Date(Date.UTC(from.getUTCFullYear() + years, from.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target.toISOString();
}
const money = (minor: number) => `£${minor % 100 === 0 ? minor / 100 : (minor / 100).toFixed(2)}`;

function pluginZip(slug: string, version: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`<?php\n/*\n * Plugin Name: Commerce Journey\n * Version: ${version}\n */\n`), `${slug}/${slug}.php`);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

interface AdminLicense {
  key: string;
  status: string;
  max_activations: number;
  expires_at: string | null;
  price_id: number | null;
}

async function addTier(page: Page, tier: { name: string; sites: string; amount: string; renewal: string; order: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Tier' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(tier.name);
  await dialog.getByLabel('Sites', { exact: true }).fill(tier.sites);
  await dialog.getByLabel('Term').selectOption('year');
  await dialog.getByLabel('Amount', { exact: true }).fill(tier.amount);
  await dialog.getByLabel('Renewal discount %').fill(tier.renewal);
  await dialog.getByLabel('Order', { exact: true }).fill(tier.order);
  await dialog.getByRole('button', { name: 'Save Tier' }).click();
  await expect(dialog).toBeHidden();
}

test('buys a 5-site yearly tier with a coupon, renews early, upgrades to unlimited, and is refunded from the admin', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const slug = `commerce-journey-${stamp}`;
  const code = `JOURNEY${stamp % 1_000_000}`;
  const email = `journey-${stamp}@example.com`;
  await signIn(page, '/admin');

  // The shop's own plugin for this journey: a price (its base tier) and a release, so it is on sale.
  expect((await page.request.post('/api/admin/plugins', { headers: XHR, data: { slug, name: `Commerce Journey ${stamp}` } })).status()).toBe(201);
  try {
    const priced = await page.request.patch(`/api/admin/plugins/${slug}`, {
      headers: XHR,
      data: { price: 4900, currency: 'GBP', pricing_active: true },
    });
    expect(priced.status(), await priced.text()).toBe(200);
    const release = await page.request.post('/api/admin/releases', {
      headers: XHR,
      multipart: {
        plugin_slug: slug,
        version: '9.0.0',
        notes: 'First',
        file: { name: `${slug}.zip`, mimeType: 'application/zip', buffer: await pluginZip(slug, '9.0.0') },
      },
    });
    expect(release.status(), await release.text()).toBe(201);

    // The admin adds the yearly tiers on the plugin's page, and a coupon on the Coupons page.
    await page.goto(`/plugins/${slug}`);
    await addTier(page, { name: 'Business', sites: '5', amount: '100.00', renewal: '20', order: '1' });
    await addTier(page, { name: 'Agency', sites: '', amount: '250.00', renewal: '0', order: '2' });
    const tiers = page.getByTestId('price-tiers');
    await expect(tiers.getByRole('row').filter({ hasText: 'Agency' })).toContainText('Unlimited');
    const prices = (await (await page.request.get(`/api/admin/plugins/${slug}/prices`)).json()) as Array<{ id: number; name: string }>;
    const business = prices.find((price) => price.name === 'Business')?.id as number;
    const agency = prices.find((price) => price.name === 'Agency')?.id as number;

    await page.goto('/coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const couponDialog = page.getByRole('dialog');
    await couponDialog.getByLabel('Code', { exact: true }).fill(code);
    await couponDialog.getByLabel('Percent off (1-100)').fill('10');
    await couponDialog.getByRole('button', { name: 'Save Coupon' }).click();
    await expect(couponDialog).toBeHidden();

    // 1. The buyer picks Business on the plugin page, applies the code at checkout and pays £90.
    await page.goto(`/plugin/${slug}`);
    await page
      .getByTestId('tier-picker')
      .getByLabel(/Business/)
      .check();
    await expect(page.getByText('Yearly plan, 5 domain license', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Purchase Now' }).click();
    await expect(page).toHaveURL(`/checkout/${slug}?price=${business}`);
    await page.getByLabel('Coupon code', { exact: true }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply code' }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText('£90');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const buyForm = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(buyForm, '4242 4242 4242 4242');
    await buyForm.getByRole('button', { name: 'Pay £90' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    const ordersOf = async () =>
      (await (await page.request.get(`/api/admin/orders?search=${encodeURIComponent(email)}`)).json()) as Array<{
        id: number;
        kind: string;
        amount: number;
        discount_amount: number;
        license_key: string | null;
      }>;
    const [bought] = await ordersOf();
    expect(bought).toMatchObject({ kind: 'new', amount: 9000, discount_amount: 1000 });
    const key = bought?.license_key as string;
    const license = async () =>
      ((await (await page.request.get('/api/admin/licenses')).json()) as AdminLicense[]).find((candidate) => candidate.key === key) as AdminLicense;
    const first = await license();
    expect(first).toMatchObject({ max_activations: 5, price_id: business, status: 'active' });
    const firstExpiry = first.expires_at as string;

    // 2. Renew early from the admin licence card's link: £100 less the 20% renewal discount; the expiry moves by one year exactly.
    await page.goto('/licenses');
    await page.getByLabel('Search licenses').fill(key);
    // The card's link opens the renewal page in a new tab, as the buyer's e-mail link would: followed here in this one.
    const renewLink = page.locator(`[data-testid="licence-card"][data-key="${key}"]`).getByTestId('licence-renew');
    await expect(renewLink).toHaveAttribute('href', `/renew?key=${encodeURIComponent(key)}`);
    await page.goto(`/renew?key=${encodeURIComponent(key)}`);
    await expect(page.getByTestId('renew-price')).toHaveText('£80');
    await expect(page.getByTestId('renew-new-expiry')).toHaveAttribute('data-expires-at', shiftYear(firstExpiry, 1));
    await page.getByTestId('renew-pay').click();
    const renewForm = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(renewForm, '4242 4242 4242 4242');
    await renewForm.getByRole('button', { name: 'Pay £80' }).click();
    await expect(page.getByTestId('renew-done')).toContainText('Your licence is renewed');
    const renewedExpiry = shiftYear(firstExpiry, 1);
    await expect(page.getByTestId('renew-current-expiry')).toHaveAttribute('data-expires-at', renewedExpiry);
    expect((await license()).expires_at).toBe(renewedExpiry);

    // 3. Upgrade to Agency: round(£150 × days left ÷ days of the current term), docs/pricing.md "What an upgrade costs".
    await page.goto(`/renew?key=${encodeURIComponent(key)}`);
    const daysLeft = Math.ceil((Date.parse(renewedExpiry) - Date.now()) / DAY_MS);
    const termDays = Math.round((Date.parse(renewedExpiry) - Date.parse(shiftYear(renewedExpiry, -1))) / DAY_MS);
    const expected = Math.max(1, Math.round((15000 * daysLeft) / termDays));
    expect(daysLeft).toBeGreaterThan(termDays); // renewed early: more days left than one term holds, all paid for
    const option = page.getByTestId('upgrade-option').filter({ hasText: 'Agency' });
    await expect(option.getByTestId('upgrade-price')).toHaveText(money(expected));
    await option.getByRole('button', { name: 'Upgrade to Agency' }).click();
    const upgradeForm = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(upgradeForm, '4242 4242 4242 4242');
    await upgradeForm.getByRole('button', { name: `Pay ${money(expected)}` }).click();
    await expect(page.getByTestId('renew-done')).toContainText('Your licence is upgraded');
    expect(await license()).toMatchObject({ price_id: agency, max_activations: 1_000_000, expires_at: renewedExpiry, status: 'active' });
    expect((await ordersOf()).map((order) => [order.kind, order.amount])).toEqual([
      ['upgrade', expected],
      ['renewal', 8000],
      ['new', 9000],
    ]);

    // 4. The admin refunds the purchase on the Orders page: the licence is revoked and the buyer e-mailed.
    await page.goto('/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(email);
    const row = page
      .getByTestId('order-row')
      .filter({ hasText: email })
      .filter({ hasText: `#${bought?.id}` });
    await row.getByRole('button', { name: `Refund order ${bought?.id}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Refund Order #${bought?.id}` });
    await expect(dialog).toContainText('Full refunds only');
    await dialog.getByRole('button', { name: 'Refund £90' }).click();
    await expect(page.getByText('Order Refunded', { exact: true })).toBeVisible();
    expect((await license()).status).toBe('revoked');

    await page.goto('/outbox');
    await page.getByRole('searchbox', { name: 'Search by recipient' }).fill(email);
    await expect(page.getByText(`Your Commerce Journey ${stamp} order #${bought?.id} has been refunded`)).toBeVisible();
  } finally {
    // Other specs share this shop: retire the plugin and switch the coupon off.
    expect((await page.request.patch(`/api/admin/plugins/${slug}`, { headers: XHR, data: { retired: true } })).status()).toBe(200);
    const coupons = (await (await page.request.get('/api/admin/coupons')).json()) as Array<{ id: number; code: string }>;
    const coupon = coupons.find((candidate) => candidate.code === code);
    if (coupon) await page.request.patch(`/api/admin/coupons/${coupon.id}`, { headers: XHR, data: { active: false } });
  }
});
