import { expect, test, type Page } from '@playwright/test';
import { fillTestCard, signIn } from './fixtures';

// What a vendor and a buyer meet across pages: errors where they happened, one date format, names not slugs,
// a searchable Orders list, and keyboard focus that never gets lost.

const SLUG = 'postcode-delivery-zones';

async function buy(page: Page, email: string, card: string): Promise<void> {
  await page.goto(`/checkout/${SLUG}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await fillTestCard(form, card);
  await form.getByRole('button', { name: /^Pay / }).click();
}

test('a declined card is said beside the card form, not only in the toast', async ({ page }) => {
  await buy(page, `declined-${Date.now()}@example.com`, '4000 0000 0000 0002');
  const inline = page.getByTestId('payment-error');
  await expect(inline).toBeVisible();
  await expect(inline).toContainText('Payment Failed');
  await expect(inline).toContainText(/declined/i);
  // It stays after the toast is gone.
  await page.waitForTimeout(6000);
  await expect(inline).toBeVisible();
});

test('Orders: plugin names, UK dates, search by e-mail, key and order number', async ({ page }) => {
  const email = `search-${Date.now()}@example.com`;
  await buy(page, email, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/purchase\/success/);

  await signIn(page, '/orders');
  const row = page.getByTestId('order-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Postcode Delivery Zones')).toBeVisible();
  await expect(row.getByText(/\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC/)).toBeVisible();
  const key = (await row.getByText(/^8022(-[A-Z0-9]{4}){4}$/).textContent()) ?? '';
  const orderNumber = ((await row.getByText(/^#\d+$/).textContent()) ?? '').slice(1);

  const search = page.getByLabel('Search orders');
  for (const term of [email.toUpperCase(), key.slice(5, 14).toLowerCase(), `#${orderNumber}`]) {
    await search.fill(term);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-row')).toContainText(email);
  }
  await search.fill('no-such-buyer@nowhere.example');
  await expect(page.getByText('No orders match this search.')).toBeVisible();
});

test('Settings: a wrong value is named at its field', async ({ page }) => {
  await signIn(page, '/settings');
  const rateLimit = page.getByLabel('Rate limit per minute');
  const original = await rateLimit.inputValue();
  await rateLimit.fill('0');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const message = page.locator('#rate-limit-error');
  await expect(message).toBeVisible();
  await expect(rateLimit).toHaveAttribute('aria-invalid', 'true');
  await expect(rateLimit).toHaveAttribute('aria-describedby', /rate-limit-error/);
  // Not one raw server sentence under the form.
  await expect(page.getByText(/Invalid body:/)).toHaveCount(0);
  await rateLimit.fill(original);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(message).toHaveCount(0);
});

test('keyboard: skip link, visible focus in the sidebar, focus back on the menu after a dialog closes', async ({ page }) => {
  await signIn(page, '/licenses');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();

  // The next stop is the sidebar's first link, and it shows where the focus is (WCAG 2.4.7).
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    return {
      text: element.textContent,
      sidebar: element.closest('[data-sidebar], [data-slot="sidebar"]') !== null || element.closest('nav, aside') !== null,
      outline: getComputedStyle(element).outlineStyle,
    };
  });
  expect(focused.text).toContain('Dashboard');
  expect(focused.outline).not.toBe('none');

  // A dialog opened from a card menu gives focus back to that menu's button.
  const created = await page.request.post('/api/admin/licenses', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { plugin_slug: SLUG } });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  await page.reload();
  const menu = page.getByRole('button', { name: `Actions for ${key}` });
  await expect(menu).toBeVisible();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Revoke License' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(menu).toBeFocused();
});
