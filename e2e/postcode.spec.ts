import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const toast = (page: Page, title: string) => page.locator('li[data-state="open"]').filter({ hasText: title }).first();

test('postcode testing: setup, single default test, bulk sample, both suites at 100%', async ({ page }) => {
  await signIn(page, '/postcode-testing');
  await expect(page.getByRole('heading', { name: 'Postcode Delivery Zones Test Suite' })).toBeVisible();

  await page.getByRole('button', { name: 'Setup Test Data' }).click();
  await expect(page.getByTestId('summary-area_rules')).toHaveText('4');
  await expect(page.getByTestId('summary-blacklist_rules')).toHaveText('6');
  await expect(page.getByTestId('summary-sector_pricing_entries')).toHaveText('2');

  // Single test with the defaults: NE39 1AA and 25; idle until run.
  await expect(page.getByText('No results yet').first()).toBeVisible();
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('NE39 1AA');
  await expect(page.getByLabel('Order total (£)').first()).toHaveValue('25');
  await page.getByRole('button', { name: 'Test Postcode' }).click();
  await expect(page.getByTestId('single-total')).toHaveText('£3.50');
  await expect(page.getByTestId('single-result').getByText('Delivery allowed')).toBeVisible();
  await expect(toast(page, 'Testing Complete')).toContainText(/1 test in \d+ ms/);

  // Bulk sample of 8.
  await page.getByRole('tab', { name: 'Bulk Test' }).click();
  await expect(page.getByLabel('Postcodes (one per line)')).toHaveValue(/NE39 1AA[\s\S]*SR1 1AA/);
  // Hold the answer briefly to see the running state: every runner button disabled, a spinner shown.
  await page.route('**/api/postcode/test-bulk', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Run Bulk Test' }).click();
  await expect(page.getByRole('button', { name: 'Run Bulk Test' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Setup Test Data' })).toBeDisabled();
  await expect(page.getByRole('status', { name: 'Running' })).toBeVisible();
  await expect(page.getByTestId('bulk-results').locator('tbody tr')).toHaveCount(8);
  await expect(toast(page, 'Testing Complete')).toContainText(/8 tests in \d+ ms/);

  await page.getByRole('tab', { name: 'User Scenarios' }).click();
  await page.getByRole('button', { name: 'Run User Scenarios' }).click();
  await expect(page.getByTestId('user-scenario-results').locator('tbody tr')).toHaveCount(14);
  await expect(page.getByText('Pass rate: 100%')).toBeVisible();
  await expect(toast(page, 'Testing Complete')).toContainText(/14 tests in \d+ ms, pass rate 100%/);
  await expect(page.getByTestId('user-scenario-results').getByText('FAIL')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Precedence' }).click();
  await page.getByRole('button', { name: 'Run Precedence Tests' }).click();
  await expect(page.getByTestId('precedence-results').locator('tbody tr')).toHaveCount(8);
  await expect(toast(page, 'Testing Complete')).toContainText(/8 tests in \d+ ms, pass rate 100%/);
  await expect(page.getByTestId('precedence-results').getByText('FAIL')).toHaveCount(0);
});

test('postcode testing: a refused request shows the failure toast', async ({ page }) => {
  await signIn(page, '/postcode-testing');
  await page.getByLabel('Order total (£)').first().fill('-5');
  await page.getByRole('button', { name: 'Test Postcode' }).click();
  await expect(toast(page, 'Failed to test postcode')).toContainText('order_total must not be negative');
});

test('e-commerce testing: setup, run, seven tabs at 100%', async ({ page }) => {
  await signIn(page, '/ecommerce-testing');
  await expect(page.getByRole('heading', { name: 'E-commerce Testing Suite' })).toBeVisible();
  await expect(page.getByText('No tests run yet')).toBeVisible();

  await page.getByRole('button', { name: 'Setup Test Data' }).click();
  await expect(toast(page, 'Test Data Ready')).toBeVisible();
  await page.getByRole('button', { name: 'Run Comprehensive Tests' }).click();
  await expect(page.getByTestId('ecommerce-pass_rate')).toHaveText('100%');
  await expect(page.getByTestId('ecommerce-failed')).toHaveText('0');
  await expect(page.getByTestId('ecommerce-warnings')).toHaveText('0');
  await expect(toast(page, 'Testing Complete')).toContainText(/tests in \d+ ms, pass rate 100%/);

  for (const tab of ['Feature Status', 'Cart Gate', 'Shipping', 'Blacklist UX', 'Admin', 'Customer', 'Pricing']) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel.getByTestId('ecommerce-result-row').first()).toBeVisible();
    await expect(panel.getByText('PASS').first()).toBeVisible();
    await expect(panel.getByText('FAIL', { exact: true })).toHaveCount(0);
  }
});

test('e-commerce testing: a failing call becomes a fail row with its error text', async ({ page }) => {
  await signIn(page, '/ecommerce-testing');
  await page.route('**/api/ecommerce/test/run', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"UNAVAILABLE","message":"try later"}' }),
  );
  await page.getByRole('button', { name: 'Run Comprehensive Tests' }).click();
  const row = page.getByTestId('ecommerce-result-row').filter({ hasText: 'Run Comprehensive Tests' });
  await expect(row).toContainText('503: {"error":"UNAVAILABLE","message":"try later"}');
  await expect(row.getByText('FAIL')).toBeVisible();
  await expect(page.getByTestId('ecommerce-failed')).toHaveText('1');
});
