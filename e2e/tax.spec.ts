import { createRequire } from 'node:module';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, fillTestCard } from './fixtures';

// Issue 43 (docs/tax.md): a German consumer buys a EUR 100 tax-exclusive tier, sees net, tax and total in the price
// box, pays EUR 119, and finds the invoice in the account. The tax settings and the tier are put back afterwards,
// so the specs after this one see the shop as before.
const SLUG = 'postcode-delivery-zones';
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  expect((await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
  return request;
}

test('a German consumer sees 19 % VAT in the price box, pays €119 and downloads the invoice in the account', async ({ page, request }) => {
  const admin = await adminApi(request);
  const email = `tax-${Date.now()}@example.de`;
  const tier = await admin.post(`/api/admin/plugins/${SLUG}/prices`, {
    headers: XHR,
    data: { name: 'Euro tier', sites: 1, term: 'year', amount: 10_000, currency: 'EUR' },
  });
  expect(tier.status()).toBe(201);
  const tierId = ((await tier.json()) as { id: number }).id;
  expect((await admin.put('/api/admin/tax', { headers: XHR, data: { seller_country: 'IE', eu_oss: true } })).ok()).toBe(true);
  try {
    await page.goto(`/checkout/${SLUG}?price=${tierId}`);
    await page.getByLabel('Country').selectOption('DE');
    const box = page.getByTestId('checkout-tax');
    await expect(box.getByTestId('checkout-net')).toHaveText('€100');
    await expect(box).toContainText('Tax 19% (DE)');
    await expect(box.getByTestId('checkout-tax-amount')).toHaveText('€19');
    await expect(box.getByTestId('checkout-total')).toHaveText('€119');
    await page.screenshot({ path: test.info().outputPath('price-box-de.png') });
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const form = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(form, '4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Pay €119' }).click();
    await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);

    // The account, through the e-mailed sign-in link (read from the outbox).
    await page.goto('/account/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    let link = '';
    await expect
      .poll(async () => {
        const emails = (await (await admin.get('/api/admin/emails')).json()) as Array<{ to: string; text: string }>;
        link = LINK.exec(emails.find((each) => each.to === email && LINK.test(each.text))?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    const invoice = page.getByTestId('account-invoice');
    await expect(invoice).toHaveText(/Invoice INV-\d{6}/);
    const pdf = await page.request.get((await invoice.getAttribute('href')) as string);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await admin.put('/api/admin/tax', { headers: XHR, data: { seller_country: null, eu_oss: false } });
    await admin.patch(`/api/admin/prices/${tierId}`, { headers: XHR, data: { active: false } });
  }
});

test('a buyer in California sees the state named in the price box: Tax 8.25% (US-CA)', async ({ page, request }) => {
  // The rate is the sales-tax package's (its own table), as the server charges it.
  const rate = (createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as { US: { states: Record<string, { rate: number }> } }).US.states.CA!
    .rate;
  const admin = await adminApi(request);
  const tier = await admin.post(`/api/admin/plugins/${SLUG}/prices`, {
    headers: XHR,
    data: { name: 'Dollar tier', sites: 1, term: 'year', amount: 10_000, currency: 'USD' },
  });
  expect(tier.status()).toBe(201);
  const tierId = ((await tier.json()) as { id: number }).id;
  expect((await admin.put('/api/admin/tax', { headers: XHR, data: { seller_country: 'IE', us_states: ['CA'] } })).ok()).toBe(true);
  try {
    await page.goto(`/checkout/${SLUG}?price=${tierId}`);
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State').selectOption('CA');
    const box = page.getByTestId('checkout-tax');
    await expect(box).toContainText(`Tax ${Number((rate * 100).toFixed(2))}% (US-CA)`);
    await expect(box.getByTestId('checkout-total')).toHaveText(`$${(100 * (1 + rate)).toFixed(2)}`);
    await page.screenshot({ path: test.info().outputPath('price-box-us-ca.png') });
  } finally {
    await admin.put('/api/admin/tax', { headers: XHR, data: { seller_country: null, us_states: [] } });
    await admin.patch(`/api/admin/prices/${tierId}`, { headers: XHR, data: { active: false } });
  }
});

test('a licence sold before tax was set up is renewed on its page once the buyer names their country', async ({ page, request }) => {
  const admin = await adminApi(request);
  const email = `pre-tax-${Date.now()}@example.de`;
  const tier = await admin.post(`/api/admin/plugins/${SLUG}/prices`, {
    headers: XHR,
    data: { name: 'Euro renewal tier', sites: 1, term: 'year', amount: 10_000, currency: 'EUR' },
  });
  expect(tier.status()).toBe(201);
  const tierId = ((await tier.json()) as { id: number }).id;
  // Bought while tax is off: the order has no country.
  const intent = await admin.post('/api/create-payment-intent', {
    headers: XHR,
    data: { items: [{ id: SLUG, price_id: tierId }], amount: 10_000, customerEmail: email },
  });
  expect(intent.ok()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  expect((await admin.post('/api/checkout/test/confirm', { headers: XHR, data: { clientSecret, cardNumber: '4242424242424242' } })).ok()).toBe(true);
  const orders = (await (await admin.get(`/api/admin/orders?search=${encodeURIComponent(email)}`)).json()) as Array<{ license_key: string | null }>;
  const key = orders[0]?.license_key as string;
  expect(key).toBeTruthy();
  expect((await admin.put('/api/admin/tax', { headers: XHR, data: { seller_country: 'IE', eu_oss: true } })).ok()).toBe(true);
  try {
    await page.goto(`/renew?key=${encodeURIComponent(key)}`);
    const buyer = page.getByTestId('renew-buyer');
    await buyer.getByLabel('Country').selectOption('DE');
    const box = page.getByTestId('renew-tax');
    await expect(box.getByTestId('renew-tax-net')).toHaveText('€100');
    await expect(box).toContainText('Tax 19% (DE)');
    await expect(box.getByTestId('renew-tax-total')).toHaveText('€119');
    await page.getByTestId('renew-pay').click();
    const form = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(form, '4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Pay €119' }).click();
    await expect(page.getByTestId('renew-done')).toContainText('Your licence is renewed');
  } finally {
    await admin.put('/api/admin/tax', { headers: XHR, data: { seller_country: null, eu_oss: false } });
    await admin.patch(`/api/admin/prices/${tierId}`, { headers: XHR, data: { active: false } });
  }
});
