import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// Issue 44 (docs/big-shop.md, "Deep pages"): the Orders page shows one page of 25 at a time, newest first, and goes
// to the next and previous page by the API's keyset cursors, so a shop with a million orders pages as fast as a new
// one. Its pager has no total (counting every order would cost more than the page): a short page is the last.

test('the Orders page pages through its orders by cursor, and a search starts again at page 1', async ({ page, request }) => {
  test.setTimeout(150_000);
  const stamp = `orders-pager-${Date.now()}`;
  // 26 checkouts waiting for payment: one more than a page, found together by the search below. They use 26 of this
  // address's 30 checkouts a minute; the test waits for the minute to end before it finishes (below), so the specs
  // after it start with the whole limit.
  let limitResetSeconds = 60;
  for (let i = 0; i < 26; i++) {
    const started = await request.post('/api/create-payment-intent', {
      data: { items: [{ id: 'postcode-delivery-zones', name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: `buyer-${i}@${stamp}.test` },
    });
    expect(started.status(), await started.text()).toBe(200);
    limitResetSeconds = Number(started.headers()['x-ratelimit-reset'] ?? 60);
  }
  const limitResetAt = Date.now() + (limitResetSeconds + 1) * 1000;

  await signIn(page, '/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Order pages' });
  await expect(pager.getByText('Page 1', { exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search orders' }).fill(stamp);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(25);
  await expect(page.getByTestId('orders-range')).toHaveText('1–25');
  // Newest first: the last checkout leads.
  await expect(rows.first()).toContainText(`buyer-25@${stamp}.test`);

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`buyer-0@${stamp}.test`);
  await expect(page.getByTestId('orders-range')).toHaveText('26–26');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('orders-page-2.png'), fullPage: true });

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(`buyer-25@${stamp}.test`);

  // Another search goes back to the first page.
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText('Page 2', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(`buyer-3@${stamp}.test`);
  await expect(rows).toHaveCount(1);
  await expect(pager.getByText('Page 1', { exact: true })).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.waitForTimeout(Math.max(0, limitResetAt - Date.now()));
});
