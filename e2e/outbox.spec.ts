import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// The admin Outbox (docs/checkout.md, "E-mail"): without SMTP a customer's sign-in link can be found and sent
// again, in full while the shop takes test payments (issue 41); reached from the sidebar and from the Orders page.

const SLUG = 'postcode-delivery-zones';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SIGN_IN_LINK = /\/account\/sign-in\/([A-Za-z0-9_-]+)/;

test('a sign-in e-mail is found in the Outbox by recipient and kind, read in full in test mode, and resent to the customer', async ({ page }) => {
  const email = `outbox-${Date.now()}@example.com`;
  // A buyer (test payment) who then asks for a sign-in link: no SMTP on this server, so it stays in the outbox.
  const intent = await page.request.post('/api/create-payment-intent', {
    data: { items: [{ id: SLUG, name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: email },
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  expect((await page.request.post('/api/checkout/test/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242' } })).ok()).toBe(true);
  expect((await page.request.post('/api/account/sign-in', { headers: XHR, data: { email } })).status()).toBe(202);

  await signIn(page, '/orders');
  await page.getByRole('main').getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Outbox', exact: true })).toHaveAttribute('data-active', 'true');

  // The original, as only the server knows it.
  type Stored = { id: number; to: string; text: string };
  let original: Stored | undefined;
  await expect
    .poll(async () => {
      const emails = (await (await page.request.get('/api/admin/emails')).json()) as Stored[];
      original = emails.find((each) => each.to === email && SIGN_IN_LINK.test(each.text));
      return original !== undefined;
    })
    .toBe(true);
  const token = SIGN_IN_LINK.exec(original!.text)![1]!;

  await page.getByLabel('Search by recipient').fill(email);
  const rows = page.getByTestId('outbox-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Licence e-mail' })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Filter by kind' }).click();
  await page.getByRole('option', { name: 'Sign-in link' }).click();
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(email);
  await expect(row).toContainText('Sign in to your');
  await expect(row.getByText('outbox', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: /^View e-mail/ }).click();
  const dialog = page.getByRole('dialog');
  const body = dialog.getByTestId('outbox-message-text');
  // This server takes test payments (PAYMENTS_TEST_MODE=true): the link shows in full so the vendor can follow the
  // buyer's path (issue 41); live, it is masked (server/modules/email/outbox.db.test.ts).
  await expect(body).toContainText(`/account/sign-in/${token}`);
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: /^Resend e-mail/ }).click();
  await expect(page.getByText('Email Sent', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(2);
  // The customer gets the original link again.
  const emails = (await (await page.request.get('/api/admin/emails')).json()) as Stored[];
  const resent = emails.filter((each) => each.to === email && each.id > original!.id && SIGN_IN_LINK.test(each.text));
  expect(resent).toHaveLength(1);
  expect(SIGN_IN_LINK.exec(resent[0]!.text)?.[1]).toBe(token);
  await page.screenshot({ path: test.info().outputPath('outbox.png'), fullPage: true });
});
