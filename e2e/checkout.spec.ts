import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillTestCard, signIn } from './fixtures';

const SLUG = 'postcode-delivery-zones';

/** axe-core's serious and critical findings (as e2e/a11y.spec.ts, which visits the success page without an order). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

async function enterEmail(page: Page, email: string): Promise<void> {
  const cont = page.getByRole('button', { name: 'Continue to Payment' });
  await expect(cont).toBeDisabled();
  await page.getByLabel('Email address').fill('buyer.example.com');
  await expect(cont).toBeDisabled();
  await page.getByLabel('Email address').fill(email);
  await expect(cont).toBeEnabled();
  await cont.click();
}

async function payWith(page: Page, card: string, price = '£49'): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form.getByText('TEST MODE')).toBeVisible();
  await fillTestCard(form, card);
  await form.getByRole('button', { name: `Pay ${price}` }).click();
}

test('buy the postcode plugin in test mode from the landing page; the order, licence and e-mail appear in the admin', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Purchase Postcode Delivery Zones' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${SLUG}$`));
  await expect(page.getByTestId('checkout-price')).toHaveText('£49');

  await enterEmail(page, email);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible();
  await expect(page.getByText("Thank you for your purchase! You'll receive your license key shortly.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Order Confirmed')).toBeVisible();
  await expect(page.getByTestId('order-plugin')).toHaveText('Postcode Delivery Zones');
  await expect(page.getByTestId('order-price')).toHaveText('£49');
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText(/within 5-10 minutes/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Browse Catalog' })).toHaveAttribute('href', '/catalog');

  await signIn(page, '/orders');
  const row = page.getByTestId('order-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('paid', { exact: true })).toBeVisible();
  await expect(row.getByText('outbox', { exact: true })).toBeVisible();
  const key = (await row.getByText(/^8022(-[A-Z0-9]{4}){4}$/).textContent()) ?? '';
  expect(key).toMatch(/^8022(-[A-Z0-9]{4}){4}$/);

  await row.getByRole('button', { name: 'View Email of order', exact: false }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Your Postcode Delivery Zones licence key')).toBeVisible();
  await expect(dialog.getByTestId('outbox-message').first()).toContainText(key);
  await expect(dialog.getByTestId('outbox-message').first()).toContainText('/api/v1/downloads/');
  await page.keyboard.press('Escape');

  const licenses = (await (await page.request.get('/api/admin/licenses')).json()) as Array<{ key: string; plan: string; max_activations: number }>;
  expect(licenses.find((license) => license.key === key)).toMatchObject({ plan: 'lifetime', max_activations: 3 });
  await page.goto('/licenses');
  await expect(page.getByText(key).first()).toBeVisible();
});

test('the success page confirms only an order this browser paid for', async ({ page, browser }) => {
  // Straight to the page, as anyone could: no confirmation, a way on instead.
  await page.goto(`/purchase/success?plugin=${SLUG}`);
  await expect(page.getByRole('heading', { name: "We couldn't find this order." })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByText('Paid', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Browse Catalog' })).toHaveAttribute('href', '/catalog');
  await expect(page.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/account');
  await expect(page).toHaveTitle('Your Order - 8022 Plugins');
  expect(await seriousViolations(page)).toEqual([]);

  // A made-up proof in this tab changes nothing.
  await page.evaluate((slug) => sessionStorage.setItem(`purchase-proof:${slug}`, 'test_pi_forged_secret_forged'), SLUG);
  await page.reload();
  await expect(page.getByRole('heading', { name: "We couldn't find this order." })).toBeVisible();

  // A real purchase: confirmed here, also after a reload; the same address in another browser is not.
  await page.goto(`/checkout/${SLUG}`);
  await enterEmail(page, `proof-${Date.now()}@example.com`);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('order-price')).toHaveText('£49');
  await expect(page).toHaveTitle('Payment Successful! - 8022 Plugins');
  expect(await seriousViolations(page)).toEqual([]);

  const other = await browser.newPage();
  try {
    await other.goto(page.url());
    await expect(other.getByRole('heading', { name: "We couldn't find this order." })).toBeVisible();
    await expect(other.getByText('Payment Successful!')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('a price with pence is shown, charged and recorded as £39.50 everywhere', async ({ page }) => {
  await signIn(page, '/orders');
  const setPrice = (price: number) => page.request.patch(`/api/admin/plugins/${SLUG}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { price } });
  expect((await setPrice(3950)).ok()).toBe(true);
  const email = `pence-${Date.now()}@example.com`;
  try {
    await page.goto(`/checkout/${SLUG}`);
    await expect(page.getByTestId('checkout-price')).toHaveText('£39.50');
    await enterEmail(page, email);
    await payWith(page, '4242 4242 4242 4242', '£39.50');
    await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);
    await expect(page.getByTestId('order-price')).toHaveText('£39.50');

    await page.goto('/orders');
    const row = page.getByTestId('order-row').filter({ hasText: email });
    await expect(row.getByText('£39.50', { exact: true })).toBeVisible();
    const orders = (await (await page.request.get('/api/admin/orders')).json()) as Array<{ email: string; amount: number }>;
    expect(orders.find((order) => order.email === email)?.amount).toBe(3950);
  } finally {
    expect((await setPrice(4900)).ok()).toBe(true);
  }
});

test('a declined card shows Payment Failed and the form allows a retry', async ({ page }) => {
  await page.goto(`/checkout/${SLUG}`);
  await enterEmail(page, `declined-${Date.now()}@example.com`);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your card was declined. Try the test card 4242 4242 4242 4242.', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form.getByRole('button', { name: 'Pay £49' })).toBeEnabled();

  await payWith(page, '4242424242424242');
  await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('the test card form starts empty, keeps what is typed and says each problem beside its field in plain words', async ({ page }) => {
  await page.goto(`/checkout/${SLUG}`);
  await enterEmail(page, `card-form-${Date.now()}@example.com`);
  const form = page.getByRole('form', { name: 'Card payment' });
  const expiry = form.getByLabel('Expiry (MM/YY)');
  const cvc = form.getByLabel('CVC');
  await expect(expiry).toHaveValue('');
  await expect(expiry).toHaveAttribute('placeholder', 'MM/YY');
  await expect(cvc).toHaveValue('');
  await expiry.pressSequentially('01/20');
  await cvc.pressSequentially('12');
  await expect(expiry).toHaveValue('01/20');

  await form.getByRole('button', { name: 'Pay £49' }).click();
  await expect(form.getByTestId('card-number-error')).toHaveText('Enter the card number.');
  await expect(form.getByTestId('card-expiry-error')).toHaveText('This expiry date has passed. Enter a month and year that are not in the past.');
  await expect(form.getByTestId('card-cvc-error')).toHaveText('The security code (CVC) should be 3 or 4 digits.');
  await expect(form.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');

  // A 400 from the server is said beside the field in the same words, never as "Invalid body: …".
  await page.route('**/api/checkout/test/confirm', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'BAD_REQUEST',
        message: 'Invalid body: expiry: expiry must be MM/YY',
        details: { fields: [{ field: 'expiry', message: 'expiry must be MM/YY' }] },
      }),
    }),
  );
  await fillTestCard(form, '4242 4242 4242 4242');
  await expect(form.getByTestId('card-expiry-error')).toHaveCount(0);
  await form.getByRole('button', { name: 'Pay £49' }).click();
  await expect(form.getByTestId('card-expiry-error')).toHaveText('Enter the expiry date as MM/YY, for example 12/30.');
  await expect(page.getByText(/Invalid body/)).toHaveCount(0);
  await expect(page).toHaveURL(`/checkout/${SLUG}`);
});

test('a failed payment setup returns to the e-mail step', async ({ page }) => {
  await page.route('**/api/create-payment-intent', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL","message":"Internal server error"}' });
  });
  await page.goto(`/checkout/${SLUG}`);
  await enterEmail(page, 'setup-fails@example.com');
  await expect(page.getByText('Setting up payment...', { exact: true })).toBeVisible();
  await expect(page.getByText('Payment Setup Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Unable to initialize payment. Please try again.', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await expect(page.getByLabel('Email address')).toHaveValue('setup-fails@example.com');
});

test('a plugin that cannot be bought shows Plugin Not Available', async ({ page }) => {
  for (const slug of ['ucre', 'no-such-plugin']) {
    await page.goto(`/checkout/${slug}`);
    await expect(page.getByRole('heading', { name: 'Plugin Not Available' })).toBeVisible();
    await expect(page.getByText('This plugin is not available for purchase.')).toBeVisible();
  }
});

test('Lemon Squeezy orders for an unmapped product or with an injected e-mail are listed on the Orders page', async ({ page }) => {
  const secret = 'e2e-lemonsqueezy-secret';
  const orderId = Date.now();
  const order = (id: number, productId: number, userEmail: string) =>
    JSON.stringify({
      meta: { event_name: 'order_created', custom_data: null },
      data: {
        type: 'orders',
        id: String(id),
        attributes: { user_email: userEmail, total: 4900, currency: 'GBP', status: 'paid', first_order_item: { product_id: productId, variant_id: 1 } },
      },
    });
  const deliver = async (body: string) => {
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    const delivered = await page.request.post('/api/webhooks/lemonsqueezy', {
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      data: body,
    });
    return ((await delivered.json()) as { outcome: string }).outcome;
  };
  await signIn(page, '/orders');
  const mapProduct = (lemonsqueezy_product_id: string | null) =>
    page.request.patch(`/api/admin/plugins/${SLUG}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { lemonsqueezy_product_id } });
  // The secret is set for this test only: the settings spec expects it unset.
  const setSecret = (value: string | null) =>
    page.request.put('/api/admin/settings', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { lemonsqueezy_webhook_secret: value } });
  expect((await setSecret(secret)).ok()).toBe(true);
  expect((await mapProduct('987655')).ok()).toBe(true);
  try {
    expect(await deliver(order(orderId, 987654, `ls-${orderId}@example.com`))).toBe('unmapped_product');
    expect(await deliver(order(orderId + 1, 987655, 'victim@example.com\r\nBcc: x@attacker.example'))).toBe('invalid_email');
  } finally {
    expect((await setSecret(null)).ok()).toBe(true);
    expect((await mapProduct(null)).ok()).toBe(true);
  }

  await page.reload();
  const card = page.getByTestId('unmatched-events');
  await expect(card.getByText(/Payment events without a license/)).toBeVisible();
  const row = card.getByRole('row').filter({ hasText: `order_created:${orderId}` });
  await expect(row.getByText('Product not mapped to a plugin')).toBeVisible();
  await expect(row.getByText(/987654/)).toBeVisible();
  const injected = card.getByRole('row').filter({ hasText: `order_created:${orderId + 1}` });
  await expect(injected.getByText('Customer e-mail is not one valid address')).toBeVisible();
  await expect(page.getByTestId('order-row').filter({ hasText: 'attacker.example' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('orders-unmatched.png'), fullPage: true });
});
