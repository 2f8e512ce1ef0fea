import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, signIn } from './fixtures';

// The admin session as the browser meets it (web/features/auth/session.tsx, web/lib/api.ts): an admin call answered
// 401 returns to the sign-in screen saying so, and signing in again shows the page that was open; a new tab with a
// valid session cookie goes straight in.

const SESSION_COOKIE = 'pls_session';

async function signInAgain(page: Page): Promise<void> {
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Licensing - Admin Dashboard')).toBeVisible();
}

test('signed out from elsewhere, the next admin call returns to the sign-in screen with "Your session has ended", then to the same page', async ({
  page,
  baseURL,
}) => {
  await signIn(page, '/admin');
  // The dashboard's own calls answered first: the next admin call is the Orders page's.
  await expect(page.getByTestId('analytics-charts')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Sign the same session out from another client (another browser, a script), as the Logout button does.
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
  expect(cookie).toBeDefined();
  const other = await apiRequest.newContext({ baseURL });
  const signedOut = await other.post('/api/auth/logout', { headers: { Cookie: `${SESSION_COOKIE}=${cookie?.value}`, 'X-Requested-With': 'XMLHttpRequest' } });
  expect(signedOut.ok()).toBe(true);
  await other.dispose();

  await page.getByTestId('sidebar').getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByText(/Failed to load/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/orders$/);

  await signInAgain(page);
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
});

test('a session cookie that no longer names a session is noticed by a page fetching on its own (Releases)', async ({ page }) => {
  await signIn(page, '/admin');
  await expect(page.getByTestId('analytics-charts')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
  await page.context().addCookies([{ ...cookie!, value: 'no-such-session' }]);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Releases', exact: true }).click();
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(page.getByText(/Failed to load releases/)).toHaveCount(0);
  await signInAgain(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
});

test('a new tab with a valid session cookie goes straight in, without the password', async ({ page }) => {
  await signIn(page, '/admin');
  const tab = await page.context().newPage();
  await tab.goto('/licenses');
  await expect(tab.getByText('Licensing - Admin Dashboard')).toBeVisible();
  await expect(tab.getByTestId('sidebar').getByRole('link', { name: 'Licenses', exact: true })).toHaveAttribute('data-active', 'true');
  await expect(tab.getByLabel('Password')).toHaveCount(0);

  // Without a cookie (another browser) the password is asked for, with no "session has ended" note.
  await page.context().clearCookies();
  const fresh = await page.context().newPage();
  await fresh.goto('/licenses');
  await expect(fresh.getByLabel('Password')).toBeVisible();
  await expect(fresh.getByTestId('session-ended')).toHaveCount(0);
});
