import { expect, test } from '@playwright/test';

// Honest HTTP for pages (docs/contributing.md, "Web"): the page the web app shows is unchanged, only its
// status is real; robots.txt and the favicon are real files, not the app's HTML.

test('known pages answer 200 and render', async ({ page }) => {
  const landing = await page.goto('/');
  expect(landing?.status()).toBe(200);
  expect(landing?.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium WordPress Plugins for WooCommerce');

  expect((await page.goto('/catalog'))?.status()).toBe(200);
  await expect(page.getByPlaceholder(/search/i)).toBeVisible();
});

// Issue 40: a mistyped shop address (neither public nor an admin route) is the store's 404 page, not the admin login.
test('an unknown path answers 404 with the store 404 page and title', async ({ page }) => {
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page Not Found - /);
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
});

test('an unknown path under a public prefix answers 404 with the 404 page', async ({ page }) => {
  expect((await page.goto('/purchase/nothing-here'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('an unknown plugin answers 404 and shows Plugin Not Found', async ({ page }) => {
  expect((await page.goto('/plugin/nope'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Plugin Not Found' })).toBeVisible();
  await expect(page.getByText('The requested plugin could not be found or failed to load.')).toBeVisible();
});

test('robots.txt is text and the favicon is an icon linked from the page', async ({ page, request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toContain('Disallow: /api/');

  await page.goto('/about');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  const icon = await request.get(href ?? '');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // ICO header
});
