import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password';

/** Opens an admin path and signs in through the login screen. */
export async function signIn(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Licensing - Admin Dashboard')).toBeVisible();
}

/** Fills the built-in test provider's card form, whose fields start empty: the card number, a future expiry and a CVC. */
export async function fillTestCard(form: Locator, cardNumber: string): Promise<void> {
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
}
