import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, signIn } from './fixtures';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function openSettings(page: Page) {
  await signIn(page, '/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

test('server settings save, show the server validation message at the field, and survive a reload', async ({ page }) => {
  await openSettings(page);
  const rateLimit = page.getByLabel('Rate limit per minute');
  await expect(rateLimit).toHaveValue('60');
  await expect(page.getByLabel('Max file size (MB)')).toHaveValue('50');

  await rateLimit.fill('0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('#rate-limit-error')).toHaveText('Must be at least 1');
  await page.getByLabel('Base URL', { exact: true }).fill('not a url');
  await rateLimit.fill('120');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('#base-url-error')).toHaveText(/^Must be a full/);

  await page.getByLabel('Base URL', { exact: true }).fill('https://shop.example.com');
  await page.getByLabel('Max file size (MB)').fill('80');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Rate limit per minute')).toHaveValue('120');
  await expect(page.getByLabel('Max file size (MB)')).toHaveValue('80');
  await expect(page.getByLabel('Base URL', { exact: true })).toHaveValue('https://shop.example.com');
  // The provider webhook URLs follow the base URL, and are copyable.
  await expect(page.getByLabel('Stripe webhook URL', { exact: true })).toHaveValue('https://shop.example.com/api/webhooks/stripe');
  await expect(page.getByLabel('Lemon Squeezy webhook URL', { exact: true })).toHaveValue('https://shop.example.com/api/webhooks/lemonsqueezy');
  await expect(page.getByLabel('Licence API base URL', { exact: true })).toHaveValue('https://shop.example.com/api/v1');
  await expect(page.getByRole('button', { name: 'Copy Stripe webhook URL' })).toBeVisible();

  // Put the defaults back for the other journeys.
  const reset = await page.request.put('/api/admin/settings', {
    headers: XHR,
    data: { base_url: null, rate_limit_per_minute: 60, max_file_size_mb: 50 },
  });
  expect(reset.status()).toBe(200);
});

test('staging site patterns and the environment-claim switch save, show the server validation message at the field, and survive a reload', async ({ page }) => {
  await openSettings(page);
  const patterns = page.getByLabel('Staging site patterns');
  const trust = page.getByLabel("Trust the plugin's environment claim");
  await expect(patterns).toHaveValue('');
  await expect(trust).not.toBeChecked();
  await expect(page.getByText('sites already active keep their status until they are deactivated and activated again', { exact: false })).toBeVisible();

  await patterns.fill('staging.*\nstaging*.shop.com');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('#staging-patterns-error')).toContainText('"staging*.shop.com" is not a host pattern');

  await patterns.fill('Staging.*\n\n*.wpengine.com');
  await trust.check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Staging site patterns')).toHaveValue('staging.*\n*.wpengine.com');
  await expect(page.getByLabel("Trust the plugin's environment claim")).toBeChecked();

  // Put the defaults back for the other journeys.
  const reset = await page.request.put('/api/admin/settings', { headers: XHR, data: { staging_site_patterns: [], trust_environment_claim: false } });
  expect(reset.status()).toBe(200);
});

test('the minimum release version saves, shows the server validation message, and survives a reload', async ({ page }) => {
  await openSettings(page);
  const minimum = page.getByLabel('Minimum release version');
  await expect(minimum).toHaveValue('1.7.51');
  await expect(page.getByText('Releases below this version are not offered for sale; set 1.0.0 or 0.0.0 to sell from your first release.')).toBeVisible();

  await minimum.fill('1.0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('#min-release-version-error')).toHaveText('Must be a version x.y.z such as 1.7.51, or 1.0.0 to sell from your first release');

  await minimum.fill('1.0.0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Minimum release version')).toHaveValue('1.0.0');

  // Put the specification's value back for the other journeys.
  const reset = await page.request.put('/api/admin/settings', { headers: XHR, data: { min_release_version: '1.7.51' } });
  expect(reset.status()).toBe(200);
});

test('webhook secrets are write-only; the signing public key is shown read-only', async ({ page }) => {
  await openSettings(page);
  const status = page.getByTestId('secret-status-lemonsqueezy_webhook_secret');
  await expect(status).toHaveText('Not set');
  await page.getByLabel('Lemon Squeezy webhook signing secret').fill('ls_secret_value_123');
  await page.getByRole('button', { name: 'Save Secrets' }).click();
  await expect(page.getByText('Secrets Saved', { exact: true })).toBeVisible();
  await expect(status).toHaveText('Set');
  await expect(page.getByLabel('Lemon Squeezy webhook signing secret')).toHaveValue('');
  const answer = await (await page.request.get('/api/admin/settings')).text();
  expect(answer).not.toContain('ls_secret_value_123');
  await page.reload();
  await expect(status).toHaveText('Set');
  expect(await page.content()).not.toContain('ls_secret_value_123');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(status).toHaveText('Not set');

  const key = page.getByLabel('Release-signing public key', { exact: true });
  const published = (await (await page.request.get('/api/v1/signing-key')).json()) as { public_key: string };
  await expect(key).toHaveValue(published.public_key);
  await expect(key).toHaveAttribute('readonly', '');
});

test('the admin API token is shown once, works as a Bearer token, and rotation retires the old one', async ({ page }) => {
  await openSettings(page);
  await expect(page.getByTestId('api-token-status')).toHaveText('No token has been created yet.');
  await page.getByRole('button', { name: 'Generate Token' }).click();
  await expect(page.getByText('Copy this token now. It will not be shown again.')).toBeVisible();
  const token = await page.getByLabel('API token', { exact: true }).inputValue();
  expect(token).toMatch(/^pls_/);
  const withToken = (value: string) => page.request.get('/api/admin/settings', { headers: { Authorization: `Bearer ${value}` } });
  expect((await withToken(token)).status()).toBe(200);

  await page.reload();
  await expect(page.getByLabel('API token', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('api-token-status')).toContainText('A token is set');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Rotate Token' }).click();
  const rotated = await page.getByLabel('API token', { exact: true }).inputValue();
  expect(rotated).not.toBe(token);
  expect((await withToken(token)).status()).toBe(401);
  expect((await withToken(rotated)).status()).toBe(200);
});

test('changing the admin password ends the session; the new password signs in', async ({ page }) => {
  const newPassword = 'a-brand-new-password-42';
  const changePassword = async (current: string, next: string, confirm = next) => {
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(confirm);
    await page.getByRole('button', { name: 'Change Password' }).click();
  };
  await openSettings(page);
  await changePassword(ADMIN_PASSWORD, newPassword, 'something else entirely');
  await expect(page.getByText('The new passwords do not match')).toBeVisible();
  await changePassword('wrong-password', newPassword);
  await expect(page.getByText('The current password is not correct')).toBeVisible();
  await changePassword(ADMIN_PASSWORD, 'short');
  await expect(page.getByText('New password must be at least 10 characters')).toBeVisible();

  await changePassword(ADMIN_PASSWORD, newPassword);
  await expect(page.getByText('Password Changed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid password')).toBeVisible();
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

  // Put the original password back for the other journeys.
  await changePassword(newPassword, ADMIN_PASSWORD);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});
