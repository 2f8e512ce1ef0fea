import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, signIn } from './fixtures';

// Issue 37 (docs/checkout.md "Cancelling a pending order", "Refunds"): the admin cancels a checkout waiting for
// payment from the Orders page, after which that customer can be erased; and a refund takes the licence's other paid
// orders along when they are ticked in its dialog.

const SLUG = 'postcode-delivery-zones';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

type Order = { id: number; email: string; status: string; license_key: string | null; kind: string };

async function startCheckout(request: APIRequestContext, data: object): Promise<string> {
  const started = await request.post('/api/create-payment-intent', { data });
  expect(started.status(), await started.text()).toBe(200);
  return ((await started.json()) as { clientSecret: string }).clientSecret;
}

async function pay(request: APIRequestContext, clientSecret: string): Promise<void> {
  const confirmed = await request.post('/api/checkout/test/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } });
  expect(await confirmed.json()).toEqual({ status: 'succeeded' });
}

async function ordersOf(admin: APIRequestContext, email: string): Promise<Order[]> {
  const orders = (await (await admin.get(`/api/admin/orders?search=${encodeURIComponent(email)}`)).json()) as Order[];
  return orders.filter((each) => each.email === email).sort((a, b) => a.id - b.id);
}

test('a pending order is cancelled from the Orders page, after which its customer can be erased', async ({ page, request }) => {
  const erin = `erin-${Date.now()}@example.com`;
  expect((await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
  // A paid order makes erin a customer; a second checkout is left waiting for payment.
  await pay(request, await startCheckout(request, { items: [{ id: SLUG, name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: erin }));
  await startCheckout(request, { items: [{ id: SLUG, name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: erin });
  const pending = (await ordersOf(request, erin)).find((order) => order.status === 'pending');
  expect(pending).toBeDefined();
  const list = (await (await request.get(`/api/admin/customers?search=${encodeURIComponent(erin)}`)).json()) as {
    customers: Array<{ id: number; email: string }>;
  };
  const customer = list.customers.find((each) => each.email === erin);
  expect(customer).toBeDefined();
  // While the checkout waits, an erase is refused.
  const refused = await request.post(`/api/admin/customers/${customer!.id}/erase`, { headers: XHR, data: { licenses: 'revoke' } });
  expect(refused.status()).toBe(409);

  await signIn(page);
  await page.goto('/orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(erin);
  const row = page.getByTestId('order-row').filter({ hasText: `#${pending!.id}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Cancel order ${pending!.id}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel Order #${pending!.id}` });
  await expect(dialog).toContainText(`The checkout of ${erin} waiting for payment is cancelled`);
  await page.screenshot({ path: test.info().outputPath('cancel-dialog.png') });
  await dialog.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.getByText('Order Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel order ${pending!.id}` })).toHaveCount(0);
  expect((await ordersOf(request, erin)).find((order) => order.id === pending!.id)?.status).toBe('cancelled');

  // The erase, from the customer's page, now goes through.
  await page.goto(`/customers/${customer!.id}`);
  await expect(page.getByTestId('customer-email-heading')).toHaveText(erin);
  await page.getByRole('button', { name: 'Erase customer' }).click();
  const erase = page.getByRole('alertdialog', { name: 'Erase Customer' });
  await erase.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Customer Erased', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/customers$/);
  expect(await ordersOf(request, erin)).toEqual([]);
});

test("a refund takes the licence's other paid orders along when they are ticked", async ({ page, request }) => {
  const stamp = Date.now();
  const fay = `fay-${stamp}@example.com`;
  expect((await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
  const tier = await request.post(`/api/admin/plugins/${SLUG}/prices`, {
    headers: XHR,
    data: { name: `Yearly ${stamp}`, sites: 5, term: 'year', amount: 9000, currency: 'GBP', sort_order: 60 },
  });
  expect(tier.status(), await tier.text()).toBe(201);
  const tierId = ((await tier.json()) as { id: number }).id;
  try {
    // A yearly licence and its renewal: two paid orders of one licence.
    await pay(
      request,
      await startCheckout(request, { items: [{ id: SLUG, name: 'Postcode Delivery Zones', price_id: tierId }], amount: 9000, customerEmail: fay }),
    );
    const [first] = await ordersOf(request, fay);
    const key = first!.license_key!;
    const quote = (await (await request.post('/api/renewals/quote', { data: { license_key: key } })).json()) as { renewal: { amount: number } };
    const renewal = await request.post('/api/renewals/payment-intent', { data: { license_key: key, kind: 'renewal', amount: quote.renewal.amount } });
    expect(renewal.status(), await renewal.text()).toBe(200);
    await pay(request, ((await renewal.json()) as { clientSecret: string }).clientSecret);
    const orders = await ordersOf(request, fay);
    expect(orders.map((order) => [order.kind, order.status])).toEqual([
      ['new', 'paid'],
      ['renewal', 'paid'],
    ]);
    const second = orders[1]!;

    await signIn(page);
    await page.goto('/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(fay);
    const firstRow = page.getByTestId('order-row').filter({ hasText: `#${first!.id}` });
    await firstRow.getByRole('button', { name: `Refund order ${first!.id}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Refund Order #${first!.id}` });
    const together = dialog.getByTestId('refund-related');
    await expect(together).toContainText('Other paid orders of this licence');
    const tick = together.getByRole('checkbox', { name: new RegExp(`Also refund order #${second.id} \\(renewal`) });
    await expect(tick).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Refund £90' })).toBeVisible();
    await tick.check();
    const both = `Refund ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format((9000 + quote.renewal.amount) / 100).replace('.00', '')}`;
    await expect(dialog.getByRole('button', { name: both })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('refund-together.png') });
    await dialog.getByRole('button', { name: both }).click();
    await expect(page.getByText('Order Refunded', { exact: true }).first()).toBeVisible();
    await expect.poll(async () => (await ordersOf(request, fay)).map((order) => order.status)).toEqual(['refunded', 'refunded']);
    const licenses = (await (await request.get('/api/admin/licenses')).json()) as Array<{ key: string; status: string }>;
    expect(licenses.find((each) => each.key === key)?.status).toBe('revoked');
  } finally {
    // Other specs on this server expect the plugin's single tier.
    expect((await request.patch(`/api/admin/prices/${tierId}`, { headers: XHR, data: { active: false } })).ok()).toBe(true);
  }
});
