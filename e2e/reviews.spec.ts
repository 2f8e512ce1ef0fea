import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, fillTestCard, signIn } from './fixtures';

// Verified-buyer reviews (docs/storefront.md, "Reviews and numbers"): a buyer writes a review from their account,
// the vendor approves it on the admin's Reviews page, and the plugin page lists it with the new average.

const SLUG = 'postcode-delivery-zones';
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;

async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post('/api/auth/login', { data: { password: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  return request;
}

async function buy(page: Page, email: string): Promise<void> {
  await page.goto(`/checkout/${SLUG}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await fillTestCard(form, '4242 4242 4242 4242');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(`/purchase/success?plugin=${SLUG}`);
}

/** Requests a sign-in link on the account page and answers its path from the outbox. */
async function signInLink(page: Page, admin: APIRequestContext, email: string): Promise<string> {
  await page.goto('/account/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByTestId('sign-in-sent')).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const emails = (await (await admin.get('/api/admin/emails')).json()) as Array<{ to: string; text: string }>;
      const match = emails.find((each) => each.to === email && LINK.test(each.text));
      link = match ? LINK.exec(match.text)?.[0] : undefined;
      return link !== undefined;
    })
    .toBe(true);
  return link!;
}

// The demo plugin keeps the specification's numbers for the other specs: the review made here is hidden again.
test.afterAll(async ({ request }) => {
  const admin = await adminApi(request);
  const reviews = (await (await admin.get('/api/admin/reviews?status=approved')).json()) as Array<{ id: number }>;
  for (const review of reviews) await admin.post(`/api/admin/reviews/${review.id}/hide`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
});

test('a buyer reviews the plugin from their account, the vendor approves it, and the plugin page shows it with the new average', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const buyer = `reviewer-${Date.now()}@example.com`;
  const admin = await adminApi(request);

  // Before: the seeded demo plugin shows the specification's numbers, and no reviews section.
  await page.goto(`/plugin/${SLUG}`);
  await expect(page.getByText('(156 reviews)').first()).toBeVisible();
  await expect(page.getByTestId('plugin-reviews')).toHaveCount(0);

  await buy(page, buyer);
  await page.goto(await signInLink(page, admin, buyer));
  await expect(page).toHaveURL('/account');

  const card = page.getByTestId('account-review');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: 'Postcode Delivery Zones' })).toBeVisible();
  // A broken limit is answered with what to change, and nothing is saved.
  await card.getByRole('radio', { name: '4 stars' }).check();
  await card.getByLabel('Title').fill('Saved us a lot of failed deliveries');
  await card.getByLabel('Your review').fill('Too short');
  await card.getByRole('button', { name: 'Submit review' }).click();
  await expect(card.getByRole('alert')).toHaveText('Write at least 10 characters in your review.');
  await card.getByLabel('Your review').fill('We block the postcodes our van cannot reach.\nSetting the sector prices took an afternoon.');
  await card.getByRole('button', { name: 'Submit review' }).click();
  await expect(card.getByText('Waiting for approval')).toBeVisible();
  await expect(card.getByText('Saved us a lot of failed deliveries')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('account-review.png'), fullPage: true });

  // Pending: the plugin page still shows the stored numbers.
  await page.goto(`/plugin/${SLUG}`);
  await expect(page.getByText('(156 reviews)').first()).toBeVisible();

  // The vendor approves it on the Reviews page.
  const vendor = await (await browser.newContext({ baseURL })).newPage();
  await signIn(vendor, '/reviews');
  await expect(vendor.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const row = vendor.getByTestId('admin-review').filter({ hasText: buyer });
  await expect(row).toContainText('Saved us a lot of failed deliveries');
  await expect(row).toContainText('Pending');
  await vendor.screenshot({ path: test.info().outputPath('admin-reviews.png'), fullPage: true });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(vendor.getByText('Review approved', { exact: true })).toBeVisible();
  // The default filter is Pending: approved, it leaves the list; under All statuses it reads Approved.
  await expect(row).toHaveCount(0);
  await vendor.getByRole('combobox', { name: 'Filter by status' }).click();
  await vendor.getByRole('option', { name: 'All statuses' }).click();
  await expect(vendor.getByTestId('admin-review').filter({ hasText: buyer })).toContainText('Approved');

  // The plugin page: the review, its masked author (never the address), and the average of the approved ones.
  await page.goto(`/plugin/${SLUG}`);
  const reviews = page.getByTestId('plugin-reviews');
  await expect(reviews).toBeVisible();
  const listed = reviews.getByTestId('plugin-review');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Saved us a lot of failed deliveries');
  await expect(listed).toContainText('We block the postcodes our van cannot reach.');
  await expect(listed).toContainText(`r…@example.com`);
  await expect(page.locator('body')).not.toContainText(buyer);
  await expect(listed.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(reviews).toContainText('4.0');
  await expect(reviews).toContainText('(1 review)');
  await expect(page.getByText('(156 reviews)')).toHaveCount(0);
  // The server's JSON-LD for the page carries the verified rating.
  const html = await (await page.request.get(`/plugin/${SLUG}`)).text();
  expect(html).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.0","reviewCount":1');
  await reviews.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('plugin-reviews.png'), fullPage: true });

  // A 360 px phone: the plugin page with its reviews, and the account page with the review, do not scroll sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  for (const path of [`/plugin/${SLUG}`, '/account']) {
    await page.goto(path);
    await expect(page.getByTestId(path === '/account' ? 'account-review' : 'plugin-review')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
