import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// The Renewal Reminders card of the Settings page (docs/renewal-reminders.md): the schedule and wording save, are
// answered back as stored (sorted, each day once), and a problem is shown at its field.
test('the reminder schedule and wording are edited on the Settings page', async ({ page }) => {
  await signIn(page, '/settings');
  const card = page.locator('form').filter({ has: page.getByLabel('Days from the expiry') });
  await expect(card.getByLabel('Days from the expiry')).toHaveValue('-30, -7, 0, 7');
  await expect(card.getByLabel('Subject (before and on the day)')).toHaveValue('Your {plugin} licence expires on {expires}');

  await card.getByLabel('Days from the expiry').fill('7, -14, 0, -14');
  await card.getByLabel('Subject (before and on the day)').fill('Renew {plugin} before {expires}');
  await card.getByRole('button', { name: 'Save Reminders' }).click();
  await expect(page.getByText('Reminders follow the new schedule and wording from now on.', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Days from the expiry')).toHaveValue('-14, 0, 7');
  await page.screenshot({ path: test.info().outputPath('renewal-reminders-card.png'), fullPage: true });

  await page.reload();
  await expect(card.getByLabel('Days from the expiry')).toHaveValue('-14, 0, 7');
  await expect(card.getByLabel('Subject (before and on the day)')).toHaveValue('Renew {plugin} before {expires}');

  await card.getByLabel('Message (after the expiry)').fill('Hello {name}');
  await card.getByRole('button', { name: 'Save Reminders' }).click();
  await expect(card.getByText('Unknown placeholder {name}', { exact: false })).toBeVisible();
  await expect(card.getByLabel('Message (after the expiry)')).toHaveAttribute('aria-invalid', 'true');

  await card.getByLabel('Days from the expiry').fill('-30, soon');
  await card.getByLabel('Message (after the expiry)').fill('Renew: {renew_url}');
  await card.getByRole('button', { name: 'Save Reminders' }).click();
  await expect(card.getByText('Each entry must be a whole number of days')).toBeVisible();

  // Put the defaults back for other specs on this server.
  await card.getByLabel('Days from the expiry').fill('-30, -7, 0, 7');
  await card.getByLabel('Subject (before and on the day)').fill('Your {plugin} licence expires on {expires}');
  await card.getByRole('button', { name: 'Save Reminders' }).click();
  await expect(card.getByLabel('Days from the expiry')).toHaveValue('-30, -7, 0, 7');
});
