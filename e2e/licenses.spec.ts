import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';

const statValue = (page: Page, title: string) => page.getByLabel(title, { exact: true });

async function readStat(page: Page, title: string): Promise<number> {
  await expect(statValue(page, title)).toBeVisible();
  return Number(await statValue(page, title).textContent());
}

test('create a licence in the UI, activate it through the API, see the dashboard change, revoke it in the UI', async ({ page }) => {
  await signIn(page, '/admin');
  await expect(page.getByText('Welcome to the product Licensing Dashboard')).toBeVisible();
  const totalBefore = await readStat(page, 'Total Licenses');
  const activationsBefore = await readStat(page, 'Site Activations');

  // The quick action opens the create dialog and the parameter is removed from the address.
  await page.getByRole('link', { name: /Create New License/ }).click();
  await expect(page.getByRole('dialog', { name: 'Create New License' })).toBeVisible();
  await expect(page).toHaveURL(/\/licenses$/);

  const dialog = page.getByRole('dialog', { name: 'Create New License' });
  await expect(dialog.getByRole('button', { name: 'Create License' })).toBeDisabled();
  await dialog.getByLabel('License Key').focus();
  await dialog.getByLabel('License Key').blur();
  await expect(dialog.getByText('License key is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const key = await dialog.getByLabel('License Key').inputValue();
  expect(key).toMatch(/^8022(-[A-Z0-9]{4}){4}$/);
  await dialog.getByLabel('Plugin').click();
  await page.getByRole('option', { name: 'Postcode Delivery Zones' }).click();
  await dialog.getByLabel('Max Activations').fill(''); // an empty (non-numeric) entry falls back to 3
  await dialog.getByRole('button', { name: 'Create License' }).click();
  await expect(page.getByText('License Created', { exact: true })).toBeVisible();
  const card = page.locator(`[data-testid="licence-card"][data-key="${key}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('activations')).toHaveText('0 / 3');

  // A WordPress site activates it with form fields, as wp_remote_post sends them.
  const activated = await page.request.post('/api/v1/licenses/activate', {
    form: { license_key: key, site_url: 'https://www.e2e-shop.com/', plugin_slug: 'postcode-delivery-zones', environment: 'staging' },
  });
  expect(activated.status()).toBe(200);
  expect(await activated.json()).toMatchObject({ activated: true, code: 'VALID', activation: { site_url: 'e2e-shop.com' } });

  await page.getByTestId('sidebar').getByRole('link', { name: 'Dashboard' }).click();
  await expect(statValue(page, 'Total Licenses')).toHaveText(String(totalBefore + 1));
  await expect(statValue(page, 'Site Activations')).toHaveText(String(activationsBefore + 1));
  const activity = page.getByRole('list', { name: 'Recent activity' });
  await expect(activity.getByText('License activated').first()).toBeVisible();
  await expect(activity.getByText('e2e-shop.com')).toBeVisible();
  await expect(activity.getByText(key)).toBeVisible();

  // The licence's sites are listed in its edit dialog.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Licenses' }).click();
  await page.getByLabel('Search licenses').fill(key.slice(5, 9));
  await expect(card.getByTestId('activations')).toHaveText('1 / 3');
  await card.getByRole('button', { name: `Actions for ${key}` }).click();
  await page.getByRole('menuitem', { name: 'Edit License' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit License' });
  await expect(edit.getByText('e2e-shop.com')).toBeVisible();
  // The environment claim is shown as recorded; untrusted (the default), it still used a seat (1 / 3 above).
  await expect(edit.getByText('environment claimed: staging', { exact: false })).toBeVisible();
  await edit.getByRole('button', { name: 'Close' }).click();

  await card.getByRole('button', { name: `Actions for ${key}` }).click();
  await page.getByRole('menuitem', { name: 'Revoke License' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke License' }).click();
  await expect(page.getByText('License Revoked', { exact: true })).toBeVisible();
  await expect(card.getByText('revoked')).toBeVisible();
  await expect(card.getByTestId('activations')).toHaveText('0 / 3');

  const validated = await page.request.post('/api/v1/licenses/validate', { data: { license_key: key, site_url: 'https://e2e-shop.com' } });
  expect(await validated.json()).toMatchObject({ valid: false, code: 'REVOKED' });

  await page.getByLabel('Search licenses').fill('no-such-licence');
  await expect(page.getByText('No licenses found matching "no-such-licence"')).toBeVisible();
});

test('the Licences page shows one page at a time with a pager, and finds a licence by its key typed without dashes', async ({ page }) => {
  await signIn(page, '/admin');
  const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
  // More than a page (24) of licences, whatever the other specs left.
  const keys: string[] = [];
  for (let i = 0; i < 25; i++) {
    const created = await page.request.post('/api/admin/licenses', {
      headers: XHR,
      data: { plugin_slug: 'postcode-delivery-zones', customer_email: `pager-${i}@e2e.test` },
    });
    expect(created.status()).toBe(201);
    keys.push(((await created.json()) as { key: string }).key);
  }
  const pages = Math.ceil(((await (await page.request.get('/api/admin/licenses?page=1')).json()) as { total: number }).total / 24);
  expect(pages).toBeGreaterThanOrEqual(2);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/licenses');
    await expect(page.getByRole('heading', { name: 'Licenses' })).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'License pages' });
    await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect(page.getByTestId('licence-card')).toHaveCount(24);
    // The newest first: the last licence made above leads the first page.
    await expect(page.getByTestId('licence-card').first()).toHaveAttribute('data-key', keys[24] as string);
    await page.screenshot({ path: test.info().outputPath(`licenses-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }

  const pager = page.getByRole('navigation', { name: 'License pages' });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(page.getByTestId('licence-card').first()).not.toHaveAttribute('data-key', keys[24] as string);

  // A search goes to the server and starts again from page 1.
  const wanted = keys[3] as string;
  await page.getByLabel('Search licenses').fill(wanted.replace(/-/g, '').toLowerCase());
  await expect(page.getByTestId('licence-card')).toHaveCount(1);
  await expect(page.locator(`[data-testid="licence-card"][data-key="${wanted}"]`)).toBeVisible();
  await expect(pager.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByTestId('licenses-range')).toHaveText('1–1 of 1');
  await page.screenshot({ path: test.info().outputPath('licenses-search-360.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await page.getByLabel('Search licenses').fill('pager-7@e2e');
  await expect(page.locator(`[data-testid="licence-card"][data-key="${keys[7]}"]`)).toBeVisible();
  await expect(page.getByTestId('licence-card')).toHaveCount(1);
});
