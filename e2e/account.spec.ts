import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, fillTestCard, signIn } from './fixtures';

// Customer self-service (docs/account.md): buy in test mode, sign in with the e-mailed link, see the licence,
// free a seat, download the release, print the receipt, sign out; a second customer sees none of it.

const SLUG = 'postcode-delivery-zones';
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** Buys the postcode plugin through the checkout page with the test card. */
async function buy(page: Page, email: string): Promise<void> {
  await page.goto(`/checkout/${SLUG}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await fillTestCard(form, '4242 4242 4242 4242');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);
}

/** An API client signed in as the admin (the outbox and licences are admin calls). */
async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  return request;
}

/** The sign-in link of the newest sign-in e-mail to `email` in the outbox (it is queued after the 202). */
async function signInLinkFor(admin: APIRequestContext, email: string, after = 0): Promise<{ link: string; id: number }> {
  let found: { link: string; id: number } | undefined;
  await expect
    .poll(async () => {
      const emails = (await (await admin.get('/api/admin/emails')).json()) as Array<{ id: number; to: string; text: string }>;
      const match = emails.filter((each) => each.to === email && each.id > after && LINK.test(each.text)).sort((a, b) => b.id - a.id)[0];
      const path = match ? LINK.exec(match.text)?.[0] : undefined;
      found = match && path ? { link: path, id: match.id } : undefined;
      return found !== undefined;
    })
    .toBe(true);
  return found as { link: string; id: number };
}

async function requestLink(page: Page, email: string): Promise<void> {
  await page.goto('/account/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
  await expect(page.getByTestId('sign-in-sent')).toContainText('If this address has bought from us, a sign-in link is on its way.');
}

async function licenseKeyOf(admin: APIRequestContext, email: string): Promise<{ id: number; key: string }> {
  const licenses = (await (await admin.get('/api/admin/licenses')).json()) as Array<{ id: number; key: string; customer_email: string | null }>;
  const license = licenses.find((each) => each.customer_email === email);
  expect(license, `a licence for ${email}`).toBeDefined();
  return license as { id: number; key: string };
}

/** axe-core violations of serious or critical impact (WCAG 2.1 A and AA), as e2e/a11y.spec.ts counts them. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

async function newCustomerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('a customer signs in by e-mailed link, frees a seat, downloads the release, prints the receipt and signs out; another customer sees none of it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const alice = `alice-${stamp}@example.com`;
  const bob = `bob-${stamp}@example.com`;
  const admin = await adminApi(request);

  await buy(page, alice);
  // The success page leads to the account; signed out, that is the sign-in page.
  await page.getByRole('link', { name: 'your account' }).click();
  await expect(page).toHaveURL('/account/sign-in');

  // The same "Check your e-mail" answer for an address that never bought (no enumeration).
  await requestLink(page, `nobody-${stamp}@example.com`);
  const unknownText = await page.getByTestId('sign-in-sent').textContent();
  await requestLink(page, alice);
  await page.screenshot({ path: test.info().outputPath('sign-in-sent.png') });
  expect((await page.getByTestId('sign-in-sent').textContent())?.replace(alice, '')).toBe(unknownText?.replace(`nobody-${stamp}@example.com`, ''));

  const { link, id: firstEmailId } = await signInLinkFor(admin, alice);
  const license = await licenseKeyOf(admin, alice);
  // A WordPress site activates the licence, so there is a site to deactivate.
  const activated = await page.request.post('/api/v1/licenses/activate', {
    form: { license_key: license.key, site_url: 'https://alice-shop.co.uk/', plugin_slug: SLUG },
  });
  expect(activated.status()).toBe(200);

  await page.goto(link);
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(alice);

  const card = page.getByTestId('account-licence');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Postcode Delivery Zones' })).toBeVisible();
  await expect(card.getByTestId('licence-plan')).toHaveText('Standard'); // the tier bought, by its name (issue 40)
  await expect(card.getByText('active', { exact: true })).toBeVisible();
  await expect(card.getByTestId('licence-expiry')).toHaveText('Never (lifetime licence)');
  // The key is masked until Reveal; Copy copies the whole key.
  const keyParts = license.key.split('-');
  await expect(card.getByTestId('licence-key')).toHaveText(`${keyParts[0]}-****-****-****-${keyParts[4]}`);
  await card.getByRole('button', { name: 'Reveal' }).click();
  await expect(card.getByTestId('licence-key')).toHaveText(license.key);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(license.key);

  // The site, and freeing its seat behind a confirmation.
  await expect(card.getByTestId('licence-seats')).toHaveText('1 of 3 used, 2 left');
  const site = card.getByTestId('account-site');
  await expect(site).toContainText('alice-shop.co.uk');
  await site.getByRole('button', { name: 'Deactivate alice-shop.co.uk' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate this site?' });
  await expect(confirm).toContainText('alice-shop.co.uk');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(site).toBeVisible();
  await expect(site.getByRole('button', { name: 'Deactivate alice-shop.co.uk' })).toBeFocused();
  await site.getByRole('button', { name: 'Deactivate alice-shop.co.uk' }).click();
  await confirm.getByRole('button', { name: 'Deactivate site' }).click();
  await expect(page.getByText('Site Deactivated', { exact: true })).toBeVisible();
  await expect(card.getByTestId('account-site')).toHaveCount(0);
  await expect(card.getByTestId('licence-seats')).toHaveText('0 of 3 used, 3 left');
  const afterDeactivation = (await (await admin.get(`/api/admin/licenses/${license.id}`)).json()) as { activations_used: number; activations: unknown[] };
  expect(afterDeactivation).toMatchObject({ activations_used: 0, activations: [] });

  // The download: a signed link to the latest release, which answers the zip.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download latest release' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = Buffer.concat(chunks);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.length).toBeGreaterThan(100);
  await expect(page).toHaveURL('/account');

  // The order and its printable receipt.
  const order = page.getByTestId('account-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Postcode Delivery Zones');
  await expect(order).toContainText('£49');
  await order.getByRole('link', { name: /^Receipt/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d+\/receipt$/);
  const aliceReceipt = new URL(page.url()).pathname;
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('£49');
  await expect(receipt.getByTestId('receipt-item')).toContainText('Postcode Delivery Zones');
  await expect(receipt.getByTestId('receipt-vat')).toHaveText('No VAT is charged on this sale: the amount shown is the total paid.');
  await expect(receipt.getByTestId('receipt-seller')).not.toBeEmpty();
  await expect(receipt.getByTestId('receipt-date')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(receipt).toContainText(alice);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // In print the site's header, footer and the page's buttons are hidden; the receipt stays.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('receipt-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Sign out: the session ends on the server, and the spent link cannot sign in again.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/account/sign-in');
  expect((await page.request.get('/api/account/me')).status()).toBe(401);
  await page.goto('/account');
  await expect(page).toHaveURL('/account/sign-in');
  await page.goto(link);
  await expect(page.getByText('This sign-in link has expired or was already used. Request a new one.')).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL('/account/sign-in');

  // A second customer, in another browser, sees only their own licence and order.
  const bobPage = await newCustomerPage(browser, baseURL);
  await buy(bobPage, bob);
  await requestLink(bobPage, bob);
  const { link: bobLink } = await signInLinkFor(admin, bob, firstEmailId);
  await bobPage.goto(bobLink);
  await expect(bobPage.getByTestId('account-email')).toHaveText(bob);
  const bobCard = bobPage.getByTestId('account-licence');
  await expect(bobCard).toHaveCount(1);
  await bobCard.getByRole('button', { name: 'Reveal' }).click();
  await expect(bobCard.getByTestId('licence-key')).toHaveText((await licenseKeyOf(admin, bob)).key);
  await expect(bobPage.getByTestId('account-order')).toHaveCount(1);
  await expect(bobPage.getByText(license.key)).toHaveCount(0);
  await expect(bobPage.getByText(alice)).toHaveCount(0);
  // Alice's receipt by its address, and her licence by the API: not found for Bob.
  await bobPage.goto(aliceReceipt);
  await expect(bobPage.getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeVisible();
  await expect(bobPage.getByText(alice)).toHaveCount(0);
  expect((await bobPage.request.post(`/api/account/licences/${license.id}/download`, { headers: XHR })).status()).toBe(404);
  await bobPage.screenshot({ path: test.info().outputPath('receipt-not-found.png'), fullPage: true });
  await bobPage.context().close();
});

test('the admin sends a sign-in link from Licenses and names the seller in Settings; the account pages at 1280 px and 390 px do not overflow', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Two screen widths, each with three axe scans: about 70 s on a busy machine.
  test.setTimeout(120_000);
  const email = `screens-${Date.now()}@example.com`;
  const admin = await adminApi(request);
  const before = ((await (await admin.get('/api/admin/settings')).json()) as { seller_name: string }).seller_name;
  const adminPage = await (await browser.newContext({ baseURL })).newPage();
  try {
    await signIn(adminPage, '/settings');
    const sellerName = adminPage.getByLabel('Seller name');
    await sellerName.fill('E2E Seller Ltd');
    await sellerName.locator('xpath=ancestor::form').getByRole('button', { name: 'Save Settings' }).click();
    await expect(adminPage.getByText('Settings Saved', { exact: true })).toBeVisible();

    await buy(page, email);
    const license = await licenseKeyOf(admin, email);
    await adminPage.goto('/licenses');
    const adminCard = adminPage.locator(`[data-testid="licence-card"][data-key="${license.key}"]`);
    await adminCard.getByRole('button', { name: `Actions for ${license.key}` }).click();
    await adminPage.getByRole('menuitem', { name: 'Send sign-in link' }).click();
    await expect(adminPage.getByText('Sign-in Link Sent', { exact: true })).toBeVisible();

    await page.goto((await signInLinkFor(admin, email)).link);
    await expect(page.getByTestId('account-email')).toHaveText(email);
    await page.request.post('/api/v1/licenses/activate', {
      form: { license_key: license.key, site_url: 'https://a-rather-long-shop-name.example.co.uk/', plugin_slug: SLUG },
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account');
      await expect(page.getByTestId('account-site')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`account-${width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /^Deactivate / }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page
        .getByTestId('account-order')
        .getByRole('link', { name: /^Receipt/ })
        .click();
      await expect(page.getByTestId('receipt-seller')).toHaveText('E2E Seller Ltd');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`receipt-${width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign out' }).click();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/account/sign-in');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`sign-in-${width}.png`), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }
  } finally {
    expect((await admin.put('/api/admin/settings', { headers: XHR, data: { seller_name: before } })).ok()).toBe(true);
    await adminPage.context().close();
  }
});

test('the sign-in pages show refusals in plain words, and a session ended elsewhere sends the page to the sign-in form', async ({ page, request }) => {
  const email = `ended-${Date.now()}@example.com`;
  const admin = await adminApi(request);

  // A mistyped address: the message at the field, without the server's "Invalid body: email:" prefix.
  await page.goto('/account/sign-in');
  await page.getByLabel('Email address').fill('name@');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText('Email must be a valid e-mail address such as name@example.com');
  await expect(page.getByLabel('Email address')).toHaveAttribute('aria-describedby', /account-email-error/);

  // A link cut short by the mail program: the server's sentence alone.
  await page.goto('/account/sign-in/abc');
  await expect(page.getByRole('alert')).toHaveText('This sign-in link is incomplete. Open the whole link from the e-mail, or request a new one.');

  // Signed in, then signed out in another tab: the next action leads to the sign-in form, not stale data.
  await buy(page, email);
  await requestLink(page, email);
  await page.goto((await signInLinkFor(admin, email)).link);
  await expect(page.getByTestId('account-email')).toHaveText(email);
  const otherTab = await page.context().newPage();
  await otherTab.goto('/account');
  await otherTab.getByRole('button', { name: 'Sign out' }).click();
  await expect(otherTab).toHaveURL('/account/sign-in');
  await page.getByRole('button', { name: 'Download latest release' }).click();
  await expect(page).toHaveURL('/account/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
});

test('two tabs: a site activated meanwhile shows when the customer comes back, and deactivating a site already gone elsewhere says so', async ({
  page,
  request,
}) => {
  const email = `tabs-${Date.now()}@example.com`;
  const admin = await adminApi(request);
  await buy(page, email);
  await requestLink(page, email);
  await page.goto((await signInLinkFor(admin, email)).link);
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await expect(page.getByTestId('account-site')).toHaveCount(0);

  // WordPress activates while the page is open: coming back to the tab shows the site.
  const { key } = await licenseKeyOf(admin, email);
  expect(
    (await page.request.post('/api/v1/licenses/activate', { form: { license_key: key, site_url: 'https://tabs-shop.co.uk/', plugin_slug: SLUG } })).status(),
  ).toBe(200);
  // What a browser does on return to the tab (the event bubbles from the document to the window).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(page.getByTestId('account-site')).toContainText('tabs-shop.co.uk');

  // Another tab frees the seat; this one, not refreshed, tries too.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/account');
  await otherTab.getByRole('button', { name: 'Deactivate tabs-shop.co.uk' }).click();
  await otherTab.getByRole('alertdialog').getByRole('button', { name: 'Deactivate site' }).click();
  await expect(otherTab.getByTestId('account-site')).toHaveCount(0);
  await otherTab.close();
  await page.getByRole('button', { name: 'Deactivate tabs-shop.co.uk' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate site' }).click();
  await expect(page.getByText('Site Already Deactivated', { exact: true })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByTestId('account-site')).toHaveCount(0);
  await expect(page.getByTestId('licence-seats')).toHaveText('0 of 3 used, 3 left');
});
