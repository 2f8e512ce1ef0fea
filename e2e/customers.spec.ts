import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, signIn } from './fixtures';

// The support desk (issue 27, docs/customers.md): the admin finds a buyer by part of a licence key, transfers a
// licence, changes the buyer's e-mail (a taken address offers a merge instead), exports and erases them; after each
// step the buyer's own account (another browser) shows exactly what is theirs, and nothing once it is not.

const SLUG = 'postcode-delivery-zones';
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Buys the postcode plugin with the test card through the API (the checkout page has its own spec). */
async function buy(request: APIRequestContext, email: string): Promise<void> {
  const started = await request.post('/api/create-payment-intent', {
    data: { items: [{ id: SLUG, name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: email },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/checkout/test/confirm', { data: { clientSecret, cardNumber: '4242424242424242' } });
  expect(await confirmed.json()).toEqual({ status: 'succeeded' });
}

async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  return request;
}

const newestEmailId = async (admin: APIRequestContext): Promise<number> =>
  Math.max(0, ...((await (await admin.get('/api/admin/emails')).json()) as Array<{ id: number }>).map((each) => each.id));

/** A browser of its own for `email`, signed in to the account through the e-mailed link. */
async function accountOf(browser: Browser, baseURL: string | undefined, admin: APIRequestContext, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const after = await newestEmailId(admin);
  expect((await page.request.post('/api/account/sign-in', { data: { email }, headers: XHR })).status()).toBe(202);
  let link = '';
  await expect
    .poll(async () => {
      const emails = (await (await admin.get('/api/admin/emails')).json()) as Array<{ id: number; to: string; text: string }>;
      const match = emails.find((each) => each.to === email && each.id > after && LINK.test(each.text));
      link = match ? (LINK.exec(match.text)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page).toHaveURL('/account');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  return page;
}

/** Checks the account shows exactly these licence keys (each card revealed), once its licences have loaded. */
async function expectAccountKeys(page: Page, expected: string[]): Promise<void> {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const cards = page.getByTestId('account-licence');
  await expect(cards).toHaveCount(expected.length);
  const keys: string[] = [];
  for (const card of await cards.all()) {
    await card.getByRole('button', { name: 'Reveal' }).click();
    keys.push((await card.getByTestId('licence-key').textContent()) ?? '');
  }
  expect(keys.sort()).toEqual([...expected].sort());
}

test('support finds a buyer by part of a key, transfers a licence, changes the e-mail, exports and erases; the buyer’s account follows each step', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const alice = `alice-${stamp}@example.com`;
  const aliceNew = `alice.new-${stamp}@example.com`;
  const bob = `bob-${stamp}@example.com`;
  const admin = await adminApi(request);
  await buy(request, alice);
  await buy(request, alice);
  await buy(request, bob);
  const licenses = (await (await admin.get('/api/admin/licenses')).json()) as Array<{ id: number; key: string; customer_email: string | null }>;
  const [moving, staying] = licenses.filter((each) => each.customer_email === alice).sort((a, b) => a.id - b.id);
  if (!moving || !staying) throw new Error('alice has two licences');
  const bobKey = licenses.find((each) => each.customer_email === bob)?.key ?? '';

  const alicePage = await accountOf(browser, baseURL, admin, alice);
  await expectAccountKeys(alicePage, [moving.key, staying.key]);
  const bobPage = await accountOf(browser, baseURL, admin, bob);
  await expectAccountKeys(bobPage, [bobKey]);

  // Found by a part of a key from the middle: the one customer who holds it.
  await signIn(page);
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(staying.key.split('-')[2]?.toLowerCase() ?? '');
  await expect(page.getByRole('link', { name: alice })).toBeVisible();
  await expect(page.getByRole('link', { name: bob })).toHaveCount(0);
  await page.getByRole('link', { name: alice }).click();
  await expect(page.getByTestId('customer-email-heading')).toHaveText(alice);
  await expect(page.getByTestId('customer-licence')).toHaveCount(2);
  await expect(page.getByTestId('customer-order')).toHaveCount(2);

  // Transfer: the key stays, it leaves Alice's account (her licence calls answer 404) and appears in Bob's.
  await page.getByRole('button', { name: `Transfer ${moving.key}` }).click();
  const transfer = page.getByRole('alertdialog', { name: 'Transfer Licence' });
  await transfer.getByLabel("New owner's e-mail").fill(bob);
  await page.screenshot({ path: test.info().outputPath('transfer-dialog.png') });
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Licence Transferred', { exact: true })).toBeVisible();
  await expect(page.getByTestId('customer-licence')).toHaveCount(1);
  await expect(page.locator(`[data-testid="customer-licence"][data-key="${staying.key}"]`)).toBeVisible();
  await expectAccountKeys(alicePage, [staying.key]);
  expect((await alicePage.request.post(`/api/account/licences/${moving.id}/download`, { headers: XHR })).status()).toBe(404);
  await expectAccountKeys(bobPage, [bobKey, moving.key]);

  // Change e-mail: an address another customer has is not taken over; a merge is offered instead.
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  const change = page.getByRole('alertdialog', { name: 'Change E-mail' });
  await change.getByLabel('New e-mail').fill(bob);
  await change.getByRole('button', { name: 'Change e-mail' }).click();
  const merge = page.getByRole('alertdialog', { name: 'Merge Customers' });
  await expect(merge).toContainText(`${bob} already belongs to another customer`);
  await expect(merge.getByRole('button', { name: 'Merge' })).toBeVisible();
  await merge.getByLabel('New e-mail').fill(aliceNew);
  await expect(change.getByRole('button', { name: 'Change e-mail' })).toBeVisible();
  await change.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByText('E-mail Changed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('customer-email-heading')).toHaveText(aliceNew);
  // The old address's sign-in ended; the new address's account holds her licence and her orders.
  await alicePage.goto('/account');
  await expect(alicePage).toHaveURL('/account/sign-in');
  const aliceNewPage = await accountOf(browser, baseURL, admin, aliceNew);
  await expectAccountKeys(aliceNewPage, [staying.key]);
  await expect(aliceNewPage.getByTestId('account-order')).toHaveCount(2);
  await expectAccountKeys(bobPage, [bobKey, moving.key]);

  // Export: everything held, as a JSON file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-\d+\.json$/);
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    customer: { email: string; licenses: Array<{ key: string }>; orders: unknown[]; emails: Array<{ text: string }> };
  };
  expect(exported.customer.email).toBe(aliceNew);
  expect(exported.customer.licenses.map((each) => each.key)).toEqual([staying.key]);
  expect(exported.customer.orders).toHaveLength(2);
  // Sign-in tokens are masked in what the export shows of the e-mails.
  expect(exported.customer.emails.some((each) => LINK.test(each.text))).toBe(false);
  await expectAccountKeys(aliceNewPage, [staying.key]);

  // Erase, licences revoked: the customer is gone from the list, her sign-in ended, her key stops working; Bob keeps his.
  await page.getByRole('button', { name: 'Erase customer' }).click();
  const erase = page.getByRole('alertdialog', { name: 'Erase Customer' });
  await expect(erase).toContainText('This cannot be undone.');
  await erase.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Customer Erased', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(aliceNew);
  await expect(page.getByText(`No customers found matching "${aliceNew}"`)).toBeVisible();
  await aliceNewPage.goto('/account');
  await expect(aliceNewPage).toHaveURL('/account/sign-in');
  const erased = (await (await admin.get(`/api/admin/licenses/${staying.id}`)).json()) as { status: string; customer_email: string | null };
  expect(erased).toMatchObject({ status: 'revoked', customer_email: null });
  await expectAccountKeys(bobPage, [bobKey, moving.key]);
  await page.screenshot({ path: test.info().outputPath('after-erase.png'), fullPage: true });
});
