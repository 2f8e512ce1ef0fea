import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, signIn } from './fixtures';

// Refunds from the admin (issue 26, docs/checkout.md "Refunds"): a Refund button on the Orders page and on a
// customer's orders, confirmed in a dialog that says full refunds only; the licence is revoked and the buyer
// e-mailed. A customer's licence with a term links to its renewal page.

const SLUG = 'postcode-delivery-zones';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function buy(request: APIRequestContext, email: string): Promise<void> {
  const started = await request.post('/api/create-payment-intent', {
    data: { items: [{ id: SLUG, name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: email },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/checkout/test/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } });
  expect(await confirmed.json()).toEqual({ status: 'succeeded' });
}

type Order = { id: number; email: string; status: string; license_key: string | null };

async function orderOf(admin: APIRequestContext, email: string): Promise<Order> {
  const orders = (await (await admin.get(`/api/admin/orders?search=${encodeURIComponent(email)}`)).json()) as Order[];
  const order = orders.find((each) => each.email === email);
  if (!order) throw new Error(`no order for ${email}`);
  return order;
}

async function licenseStatus(admin: APIRequestContext, key: string): Promise<string | undefined> {
  const licenses = (await (await admin.get('/api/admin/licenses')).json()) as Array<{ key: string; status: string }>;
  return licenses.find((each) => each.key === key)?.status;
}

test('an order is refunded from the Orders page after a full-refunds-only confirmation; the licence is revoked and the buyer e-mailed', async ({
  page,
  request,
}) => {
  const carol = `carol-${Date.now()}@example.com`;
  expect((await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
  await buy(request, carol);
  const order = await orderOf(request, carol);

  await signIn(page);
  await page.goto('/orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(carol);
  const row = page.getByTestId('order-row').filter({ hasText: carol });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Refund order ${order.id}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund Order #${order.id}` });
  await expect(dialog).toContainText('Full refunds only: the whole £49 goes back to the buyer');
  await expect(dialog).toContainText(`The licence ${order.license_key} is revoked and its sites deactivated.`);
  await page.screenshot({ path: test.info().outputPath('refund-dialog.png') });
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await orderOf(request, carol)).status).toBe('paid');

  await row.getByRole('button', { name: `Refund order ${order.id}` }).click();
  await dialog.getByRole('button', { name: 'Refund £49' }).click();
  await expect(page.getByText('Order Refunded', { exact: true })).toBeVisible();
  await expect(row.getByText('refunded', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Refund order ${order.id}` })).toHaveCount(0);
  expect(await licenseStatus(request, order.license_key ?? '')).toBe('revoked');
  const emails = (await (await request.get('/api/admin/emails')).json()) as Array<{ to: string; subject: string }>;
  expect(emails.filter((each) => each.to === carol).map((each) => each.subject)).toContain(`Your Postcode Delivery Zones order #${order.id} has been refunded`);
});

test("a customer's page resends and refunds an order, and links a licence with a term to its renewal page", async ({ page, request }) => {
  const dave = `dave-${Date.now()}@example.com`;
  expect((await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
  await buy(request, dave);
  const order = await orderOf(request, dave);
  // A hand-made yearly licence for the same buyer, with an expiry.
  const made = await request.post('/api/admin/licenses', { headers: XHR, data: { plugin_slug: SLUG, plan: 'pro_yearly', customer_email: dave } });
  expect(made.status(), await made.text()).toBe(201);
  const yearly = (await made.json()) as { id: number; key: string };
  const expiry = await request.patch(`/api/admin/licenses/${yearly.id}`, { headers: XHR, data: { expires_at: '2030-01-31T00:00:00Z' } });
  expect(expiry.status(), await expiry.text()).toBe(200);

  await signIn(page);
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(dave);
  await page.getByRole('link', { name: dave }).click();
  await expect(page.getByTestId('customer-email-heading')).toHaveText(dave);
  await expect(page.getByRole('link', { name: `Renew ${yearly.key}` })).toHaveAttribute('href', `/renew?key=${yearly.key}`);
  // The lifetime licence of the order has no term to renew.
  await expect(page.getByRole('link', { name: `Renew ${order.license_key}` })).toHaveCount(0);

  const orderRow = page.getByTestId('customer-order').filter({ hasText: `#${order.id}` });
  // Resend, confirmed: the licence e-mail again.
  await orderRow.getByRole('button', { name: `Resend e-mail of order ${order.id}` }).click();
  await page.getByRole('alertdialog', { name: 'Resend Licence E-mail' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Licence E-mail Sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('customer-email').filter({ hasText: 'licence key' })).toHaveCount(2);
  await orderRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('customer-orders.png') });
  await orderRow.getByRole('button', { name: `Refund order ${order.id}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund Order #${order.id}` });
  await expect(dialog).toContainText('Full refunds only');
  await dialog.getByRole('button', { name: 'Refund £49' }).click();
  // The toast (the timeline says "Order Refunded" too).
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Order Refunded', { exact: true })).toBeVisible();
  await expect(orderRow.getByText('refunded', { exact: true })).toBeVisible();
  await expect(orderRow.getByRole('button', { name: `Refund order ${order.id}` })).toHaveCount(0);
  await expect(orderRow.getByRole('button', { name: `Resend e-mail of order ${order.id}` })).toHaveCount(0);
  await expect(page.locator(`[data-testid="customer-licence"][data-key="${order.license_key}"]`).getByText('revoked', { exact: true })).toBeVisible();
  await expect(page.getByTestId('customer-email').filter({ hasText: 'has been refunded' })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('customer-after-refund.png'), fullPage: true });
});
