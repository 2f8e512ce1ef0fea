import { expect, test } from '@playwright/test';
import { fillTestCard, signIn } from './fixtures';

// Renewals and upgrades (issue 26, docs/pricing.md): buy a yearly tier, renew early on the renewal page (the expiry
// moves by exactly one term), upgrade to unlimited (paying the prorated difference), with the test payment provider.

const SLUG = 'postcode-delivery-zones';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const DAY_MS = 86_400_000;

/** One calendar year later, the day clamped (common/prices.ts addTerm). */
function addYear(iso: string): string {
  const from = new Date(iso);
  const target = new Date(Date.UTC(from.getUTCFullYear() + 1, from.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target.toISOString();
}
/** One calendar year earlier (common/renewals.ts termStartOf). */
function subtractYear(iso: string): string {
  const end = new Date(iso);
  const target = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(end.getUTCDate(), lastDay));
  target.setUTCHours(end.getUTCHours(), end.getUTCMinutes(), end.getUTCSeconds(), end.getUTCMilliseconds());
  return target.toISOString();
}

interface AdminLicense {
  key: string;
  max_activations: number;
  expires_at: string | null;
  price_id: number | null;
}

test('buys a yearly tier, renews early (one term exactly), then upgrades to unlimited paying the prorated difference', async ({ page }) => {
  const stamp = Date.now();
  const email = `renewal-${stamp}@example.com`;
  await signIn(page, '/admin');
  const addTier = async (data: object) => {
    const response = await page.request.post(`/api/admin/plugins/${SLUG}/prices`, { headers: XHR, data });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const business = await addTier({
    name: `Business ${stamp}`,
    sites: 5,
    term: 'year',
    amount: 10000,
    currency: 'GBP',
    renewal_discount_percent: 20,
    sort_order: 50,
  });
  const agency = await addTier({ name: `Agency ${stamp}`, sites: null, term: 'year', amount: 25000, currency: 'GBP', sort_order: 51 });
  const license = async (key: string) =>
    ((await (await page.request.get('/api/admin/licenses')).json()) as AdminLicense[]).find((candidate) => candidate.key === key) as AdminLicense;

  try {
    // Buy the yearly 5-site tier through the storefront's checkout.
    await page.goto(`/checkout/${SLUG}?price=${business}`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const buyForm = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(buyForm, '4242 4242 4242 4242');
    await buyForm.getByRole('button', { name: 'Pay £100' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const orders = (await (await page.request.get('/api/admin/orders')).json()) as Array<{ email: string; license_key: string | null }>;
    const key = orders.find((order) => order.email === email)?.license_key as string;
    expect(key).toBeTruthy();
    const bought = await license(key);
    expect(bought).toMatchObject({ max_activations: 5, price_id: business });
    const firstExpiry = bought.expires_at as string;

    // The admin licence card links to the renewal page.
    await page.goto('/licenses');
    await page.getByLabel('Search licenses').fill(key);
    const card = page.locator(`[data-testid="licence-card"][data-key="${key}"]`);
    await expect(card.getByTestId('licence-renew')).toHaveAttribute('href', `/renew?key=${encodeURIComponent(key)}`);

    // Renew early, on the page the e-mails and the update check link to.
    await page.goto(`/renew?key=${encodeURIComponent(key)}`);
    await expect(page.getByTestId('renew-plugin')).toContainText('Postcode Delivery Zones');
    await expect(page.getByTestId('renew-tier')).toHaveText(`Business ${stamp}: Yearly plan, 5 domain license`);
    await expect(page.getByTestId('renew-current-expiry')).toHaveAttribute('data-expires-at', firstExpiry);
    await expect(page.getByTestId('renew-new-expiry')).toHaveAttribute('data-expires-at', addYear(firstExpiry));
    await expect(page.getByTestId('renew-price')).toHaveText('£80');
    await page.getByTestId('renew-pay').click();
    const renewForm = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(renewForm, '4242 4242 4242 4242');
    await renewForm.getByRole('button', { name: 'Pay £80' }).click();
    await expect(page.getByTestId('renew-done')).toContainText('Your licence is renewed');
    const renewedExpiry = addYear(firstExpiry);
    await expect(page.getByTestId('renew-current-expiry')).toHaveAttribute('data-expires-at', renewedExpiry);
    expect((await license(key)).expires_at).toBe(renewedExpiry);

    // Upgrade to unlimited: £150 difference × days left ÷ days of the current term (docs/pricing.md "Upgrades").
    await page.goto(`/renew?key=${encodeURIComponent(key)}`);
    const daysLeft = Math.ceil((Date.parse(renewedExpiry) - Date.now()) / DAY_MS);
    const termDays = Math.round((Date.parse(renewedExpiry) - Date.parse(subtractYear(renewedExpiry))) / DAY_MS);
    const expected = Math.round((15000 * daysLeft) / termDays);
    const label = `£${(expected / 100).toFixed(2).replace(/\.00$/, '')}`;
    const option = page.getByTestId('upgrade-option').filter({ hasText: `Agency ${stamp}` });
    await expect(option.getByTestId('upgrade-price')).toHaveText(label);
    await option.getByRole('button', { name: `Upgrade to Agency ${stamp}` }).click();
    const upgradeForm = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(upgradeForm, '4242 4242 4242 4242');
    await upgradeForm.getByRole('button', { name: `Pay ${label}` }).click();
    await expect(page.getByTestId('renew-done')).toContainText('Your licence is upgraded');
    await expect(page.getByTestId('renew-tier')).toHaveText(`Agency ${stamp}: Yearly plan, unlimited domain license`);
    const upgraded = await license(key);
    expect(upgraded).toMatchObject({ key, price_id: agency, max_activations: 1_000_000, expires_at: renewedExpiry });

    // The admin's orders list shows the kinds, the tiers and what each paid.
    const all = (await (await page.request.get(`/api/admin/orders?search=${encodeURIComponent(email)}`)).json()) as Array<{
      kind: string;
      amount: number;
      tier: { name: string } | null;
    }>;
    expect(all.map((order) => [order.kind, order.amount, order.tier?.name])).toEqual([
      ['upgrade', expected, `Agency ${stamp}`],
      ['renewal', 8000, `Business ${stamp}`],
      ['new', 10000, `Business ${stamp}`],
    ]);
    await page.goto(`/orders`);
    await expect(page.getByTestId('order-row').filter({ hasText: email }).first().getByTestId('order-kind')).toContainText('upgrade');
  } finally {
    // Other specs on this server expect the plugin's single tier.
    for (const id of [business, agency])
      expect((await page.request.patch(`/api/admin/prices/${id}`, { headers: XHR, data: { active: false } })).ok()).toBe(true);
  }
});
