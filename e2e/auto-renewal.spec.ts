import { expect, test } from '@playwright/test';
import { fillTestCard, signIn } from './fixtures';

// Automatic renewal (docs/pricing.md "Automatic renewal"): the buyer ticks "Renew automatically" at checkout, the
// account shows "Automatic renewal: on" and turns it off; the admin's licence card and Settings show it, and the admin
// stops it for the buyer once they turned it on again. The charge
// itself is the worker's (server/modules/checkout/auto-renewal.db.test.ts moves its clock).

const SLUG = 'postcode-delivery-zones';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;

test('opts in at checkout, sees it on in the account, turns it off; the admin sees the state, stops it, and the Settings', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `auto-renew-${stamp}@example.com`;
  await signIn(page, '/admin');
  const created = await page.request.post(`/api/admin/plugins/${SLUG}/prices`, {
    headers: XHR,
    data: { name: `Yearly ${stamp}`, sites: 5, term: 'year', amount: 9000, currency: 'GBP', renewal_discount_percent: 10, sort_order: 60 },
  });
  expect(created.status()).toBe(201);
  const tierId = ((await created.json()) as { id: number }).id;
  const buyer = await browser.newPage();
  try {
    await buyer.setViewportSize({ width: 360, height: 800 });
    await buyer.goto(`/checkout/${SLUG}?price=${tierId}`);
    const box = buyer.getByTestId('checkout-auto-renew');
    await expect(box).toContainText('Renew automatically');
    await expect(box).toContainText('every year');
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await buyer.screenshot({ path: test.info().outputPath('checkout-auto-renew-360.png'), fullPage: true });
    await box.getByRole('checkbox').check();
    await buyer.getByLabel('Email address').fill(email);
    await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
    const form = buyer.getByRole('form', { name: 'Card payment' });
    await fillTestCard(form, '4242 4242 4242 4242');
    await form.getByRole('button', { name: /^Pay / }).click();
    await expect(buyer).toHaveURL(`/purchase/success?plugin=${SLUG}`);

    // The account: sign in with the e-mailed link.
    await buyer.goto('/account/sign-in');
    await buyer.getByLabel('Email address').fill(email);
    await buyer.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(buyer.getByTestId('sign-in-sent')).toBeVisible();
    let link = '';
    await expect
      .poll(async () => {
        const emails = (await (await page.request.get('/api/admin/emails')).json()) as Array<{ to: string; text: string }>;
        link = LINK.exec(emails.find((each) => each.to === email && LINK.test(each.text))?.text ?? '')?.[0] ?? '';
        return link !== '';
      })
      .toBe(true);
    await buyer.goto(link);
    const card = buyer
      .getByTestId('account-licence')
      .filter({ has: buyer.getByTestId('licence-auto-renew') })
      .first();
    const autoRenew = card.getByTestId('licence-auto-renew');
    await expect(autoRenew).toContainText('Automatic renewal: on');
    await expect(autoRenew).toContainText('Your saved card is charged for the renewal price on');
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await autoRenew.scrollIntoViewIfNeeded();
    await buyer.screenshot({ path: test.info().outputPath('account-auto-renew-360.png') });
    await autoRenew.getByRole('checkbox').click(); // the box follows the server's answer, so uncheck() would not see it change at once
    await expect(autoRenew).toContainText('Automatic renewal: off');
    await expect(autoRenew).toContainText('Turn it on to renew with your saved card');

    // The admin's licence card shows the buyer's choice.
    const licenses = (await (await page.request.get('/api/admin/licenses')).json()) as Array<{ id: number; key: string; customer_email: string | null }>;
    const mine = licenses.find((each) => each.customer_email === email);
    expect(mine).toBeDefined();
    const state = await page.request.get(`/api/admin/licenses/${mine!.id}/auto-renewal`);
    expect(await state.json()).toMatchObject({ enabled: false, card_saved: true });
    // The Licences page asks for its licences' states in one request, not one per card.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/admin\/licenses\/(auto-renewals|\d+\/auto-renewal)/.test(request.url())) asked.push(new URL(request.url()).pathname);
    });
    await page.goto('/licenses');
    await page.getByLabel('Search licenses').fill(mine!.key);
    const adminCard = page.locator(`[data-testid="licence-card"][data-key="${mine!.key}"]`);
    await expect(adminCard.getByTestId('licence-auto-renew')).toContainText('Automatic renewal: off');
    // One request per shown page of licences (the first page, then the search's, may both be asked), never one per card.
    expect(asked.length).toBeGreaterThan(0);
    expect([...new Set(asked)]).toEqual(['/api/admin/licenses/auto-renewals']);
    await expect(adminCard.getByRole('button', { name: 'Stop automatic renewal' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('admin-licence-auto-renew-1280.png') });

    // The buyer turns it on again; then asks support to stop it, and the admin does, after a confirmation.
    await autoRenew.getByRole('checkbox').click();
    await expect(autoRenew).toContainText('Automatic renewal: on');
    await page.goto('/licenses');
    await page.getByLabel('Search licenses').fill(mine!.key);
    await expect(adminCard.getByTestId('licence-auto-renew')).toContainText('Automatic renewal: on');
    await adminCard.getByRole('button', { name: 'Stop automatic renewal' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Only the buyer can turn it on again, from their account.');
    await page.screenshot({ path: test.info().outputPath('admin-stop-auto-renew-1280.png') });
    await confirm.getByRole('button', { name: 'Stop automatic renewal' }).click();
    await expect(confirm).toBeHidden();
    await expect(adminCard.getByTestId('licence-auto-renew')).toContainText('Automatic renewal: off');
    await expect(adminCard.getByRole('button', { name: 'Stop automatic renewal' })).toHaveCount(0);
    const activities = (await (await page.request.get('/api/admin/activities?limit=20')).json()) as Array<{
      action_type: string;
      details: { license_id?: number; by?: string };
    }>;
    expect(activities.find((each) => each.action_type === 'auto_renew_disabled' && each.details.license_id === mine!.id)?.details.by).toBe('admin');

    await page.goto('/settings');
    await expect(page.getByText('Automatic Renewal', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Retry a failed payment, days after the expiry')).toHaveValue('1, 3, 7');
    await page.getByText('Automatic Renewal', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('settings-auto-renew-1280.png') });
  } finally {
    await buyer.close();
    // Other specs on this server expect the plugin's single tier.
    expect((await page.request.patch(`/api/admin/prices/${tierId}`, { headers: XHR, data: { active: false } })).ok()).toBe(true);
  }
});
