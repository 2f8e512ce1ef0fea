import { expect, test } from '@playwright/test';
import { fillTestCard, signIn } from './fixtures';

const SLUG = 'postcode-delivery-zones';

test('the admin creates a coupon; a buyer applies it at checkout, pays the discounted total, and the order shows the discount', async ({ page }) => {
  const code = `SAVE${Date.now() % 1_000_000}`;
  const email = `coupon-${Date.now()}@example.com`;
  await signIn(page, '/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New Coupon' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await dialog.getByLabel('Percent off (1-100)').fill('150');
  await dialog.getByRole('button', { name: 'Save Coupon' }).click();
  // Bad input is answered with the server's reason, beside the form.
  await expect(dialog.getByTestId('coupon-form-error')).toContainText('A percentage must be from 1 to 100');
  await dialog.getByLabel('Percent off (1-100)').fill('20');
  await dialog.getByLabel('Total limit').fill('5');
  await dialog.getByRole('button', { name: 'Save Coupon' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('coupon-row').filter({ hasText: code });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('0 / 5');
  await expect(row).toContainText('Active');

  await page.goto(`/checkout/${SLUG}`);
  const price = (await page.getByTestId('checkout-price').textContent()) ?? '';
  const full = Math.round(Number(price.replace(/[^\d.]/g, '')) * 100);
  const discounted = full - Math.round(full * 0.2);
  const money = (minor: number) => `£${minor % 100 === 0 ? minor / 100 : (minor / 100).toFixed(2)}`;

  await page.getByLabel('Coupon code', { exact: true }).fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByTestId('coupon-error')).toHaveText('This coupon code does not exist. Check the spelling.');
  await page.getByLabel('Coupon code', { exact: true }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText(`${code} (20% off)`);
  await expect(page.getByTestId('checkout-discount')).toContainText(`−${money(full - discounted)}`);
  await expect(page.getByTestId('checkout-total')).toHaveText(money(discounted));
  await page.screenshot({ path: 'test-results/coupons-checkout.png', fullPage: true });

  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const form = page.getByRole('form', { name: 'Card payment' });
  await fillTestCard(form, '4242 4242 4242 4242');
  await form.getByRole('button', { name: `Pay ${money(discounted)}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  await page.goto('/orders');
  const orderRow = page.getByTestId('order-row').filter({ hasText: email });
  await expect(orderRow).toContainText(money(discounted));
  await expect(orderRow.getByTestId('order-coupon')).toHaveText(`${code} −${money(full - discounted)}`);
  await page.screenshot({ path: 'test-results/coupons-orders.png', fullPage: true });

  await page.goto('/coupons');
  await expect(page.getByTestId('coupon-row').filter({ hasText: code })).toContainText('1 / 5');
  await page.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(page.getByTestId('coupon-row').filter({ hasText: code })).toContainText('Inactive');
  await page.screenshot({ path: 'test-results/coupons-page.png', fullPage: true });
});
