import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// Issue 44 in the admin: the Data retention card on Settings (docs/big-shop.md, "Retention"). A period is changed,
// kept over a reload, and one under its least is refused at the field with the schema's message.
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('retention periods are edited in Settings, kept, and refused under their least', async ({ page }) => {
  await signIn(page, '/settings');
  const card = page.getByTestId('retention-settings');
  await expect(card.getByText('Data retention', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Activity (days)')).toHaveValue('365');
  await expect(card.getByLabel('Webhook deliveries (days)')).toHaveValue('30');
  await expect(card.getByLabel('E-mail bodies (days)')).toHaveValue('90');
  await expect(card.getByLabel('Site reports (days)')).toHaveValue('180');
  await expect(card.getByText('At least 91; 0 keeps for ever.')).toBeVisible();

  await card.getByLabel('Site reports (days)').fill('30');
  await card.getByRole('button', { name: 'Save Retention' }).click();
  await expect(card.locator('#retention-site-reports-error')).toHaveText('Must be 0 (keep for ever) or from 91 to 3650 days');
  await expect(card.getByLabel('Site reports (days)')).toHaveAttribute('aria-invalid', 'true');
  await card.screenshot({ path: 'test-results/retention-settings-error.png' });

  await card.getByLabel('Site reports (days)').fill('120');
  await card.getByLabel('Webhook deliveries (days)').fill('14');
  await card.getByLabel('E-mail bodies (days)').fill('0');
  await card.getByRole('button', { name: 'Save Retention' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
  await expect(card.locator('#retention-site-reports-error')).toHaveCount(0);
  await card.screenshot({ path: 'test-results/retention-settings.png' });

  await page.reload();
  await expect(card.getByLabel('Activity (days)')).toHaveValue('365');
  await expect(card.getByLabel('Webhook deliveries (days)')).toHaveValue('14');
  await expect(card.getByLabel('E-mail bodies (days)')).toHaveValue('0');
  await expect(card.getByLabel('Site reports (days)')).toHaveValue('120');
  const saved = await page.request.get('/api/admin/settings', { headers: XHR });
  expect(((await saved.json()) as { retention: unknown }).retention).toEqual({
    activity_days: 365,
    webhook_delivery_days: 14,
    email_body_days: 0,
    site_report_days: 120,
  });

  // Put the defaults back for the other journeys.
  const reset = await page.request.put('/api/admin/settings', {
    headers: XHR,
    data: { retention: { activity_days: 365, webhook_delivery_days: 30, email_body_days: 90, site_report_days: 180 } },
  });
  expect(reset.status()).toBe(200);
});
