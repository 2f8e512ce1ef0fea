import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, signIn } from './fixtures';

test('a public path renders without login', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.locator('footer')).toBeVisible();
});

test('an unknown public-prefix path shows the 404 page', async ({ page }) => {
  await page.goto('/purchase/nothing-here');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('the login screen validates and reports a wrong password', async ({ page }) => {
  await page.goto('/licenses');
  await expect(page.getByText('Secure access to the plugin licensing system')).toBeVisible();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Password').fill('   ');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Password').fill('definitely wrong');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid password')).toBeVisible();
});

test('sign in, walk the sidebar, collapse it, reload, 404, logout', async ({ page }) => {
  await signIn(page, '/admin');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveTitle(/Dashboard - Licensing/);

  const sidebar = page.getByTestId('sidebar');
  const entries: Array<[string, string]> = [
    ['Licenses', '/licenses'],
    ['Releases', '/releases'],
    ['Plugin Settings', '/plugin-settings'],
    ['Settings', '/settings'],
    ['Postcode Testing', '/postcode-testing'],
    ['E-commerce Testing', '/ecommerce-testing'],
    ['Orders', '/orders'],
    ['Dashboard', '/admin'],
  ];
  for (const [title, path] of entries) {
    await sidebar.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sidebar.getByRole('link', { name: title, exact: true })).toHaveAttribute('data-active', 'true');
    await expect(sidebar.locator('a[data-active="true"]')).toHaveCount(1);
  }

  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  // Collapsed to icons: the title text is gone and the rail is 3rem wide.
  await expect(sidebar.getByText('Admin Dashboard', { exact: true })).toBeHidden();
  await expect.poll(async () => (await sidebar.getByRole('link', { name: 'Licenses' }).boundingBox())?.width).toBeLessThanOrEqual(48);
  // The open state is kept in a cookie across reloads, and so is the session.
  await page.reload();
  await expect(page.getByText('Licensing - Admin Dashboard')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');

  // A path that is no admin page is the store's 404 page (issue 40), signed in or not; the admin's pages are unchanged.
  await page.goto('/no-such-admin-page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await page.goto('/licenses');
  await expect(page.getByText('Licensing - Admin Dashboard')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('below 768 px the sidebar is a slide-in sheet', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Licensing - Admin Dashboard')).toBeVisible();
  await expect(page.getByTestId('sidebar-mobile')).toHaveCount(0);
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const sheet = page.getByTestId('sidebar-mobile');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('link', { name: 'Releases' }).click();
  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByTestId('sidebar-mobile')).toHaveCount(0);
});
