import { expect, test, type Page } from '@playwright/test';
import yazl from 'yazl';
import { signIn } from './fixtures';

// Issue 29 in the admin: the release settings (halt rule, deactivation question), "Withdraw and offer previous
// release" on a release card, and release health and deactivation reasons on the card and the dashboard.
// A plugin of its own, so no other spec's releases change.
const SLUG = 'rollback-e2e-plugin';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SITE = 'https://leaving.example.com';

function pluginZip(version: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`<?php\n/*\n * Plugin Name: Rollback E2E Plugin\n * Version: ${version}\n */\n`), `${SLUG}/${SLUG}.php`);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

async function upload(page: Page, version: string): Promise<void> {
  const response = await page.request.post('/api/admin/releases', {
    headers: XHR,
    multipart: {
      plugin_slug: SLUG,
      version,
      notes: `Release ${version}`,
      file: { name: `${SLUG}.zip`, mimeType: 'application/zip', buffer: await pluginZip(version) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('release settings are edited in Settings and kept', async ({ page }) => {
  await signIn(page, '/settings');
  const card = page.getByTestId('release-health-settings');
  await expect(card.getByLabel('Halt above this failure rate (%)')).toHaveValue('2');
  await expect(card.getByLabel('Once at least this many sites updated')).toHaveValue('20');
  await card.getByLabel('Once at least this many sites updated').fill('0');
  await card.getByRole('button', { name: 'Save Release Settings' }).click();
  await expect(card.getByText('must be at least 1')).toBeVisible();

  await card.getByLabel('Halt above this failure rate (%)').fill('5');
  await card.getByLabel('Once at least this many sites updated').fill('10');
  await card.getByLabel('Alert e-mail').fill('releases@example.com');
  await card.getByLabel('Ask why when a site deactivates the plugin').check();
  await card.getByLabel('Answers offered').fill('Too expensive\nIt broke my site\nOther');
  await card.getByRole('button', { name: 'Save Release Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();
  await card.screenshot({ path: 'test-results/release-settings.png' });

  await page.reload();
  await expect(card.getByLabel('Halt above this failure rate (%)')).toHaveValue('5');
  await expect(card.getByLabel('Once at least this many sites updated')).toHaveValue('10');
  await expect(card.getByLabel('Alert e-mail')).toHaveValue('releases@example.com');
  await expect(card.getByLabel('Ask why when a site deactivates the plugin')).toBeChecked();
  await expect(card.getByLabel('Answers offered')).toHaveValue('Too expensive\nIt broke my site\nOther');
});

test('withdraw and offer the previous release; health and deactivation reasons on the card and the dashboard', async ({ page }) => {
  await signIn(page, '/releases');
  expect((await page.request.post('/api/admin/plugins', { headers: XHR, data: { slug: SLUG, name: 'Rollback E2E Plugin' } })).status()).toBe(201);
  await upload(page, '2.4.0');
  await upload(page, '2.5.0');
  const license = await page.request.post('/api/admin/licenses', {
    headers: XHR,
    data: { plugin_slug: SLUG, plan: 'lifetime', max_activations: 3, customer_email: 'leaving@example.com' },
  });
  const { key } = (await license.json()) as { key: string };
  expect((await page.request.post('/api/v1/licenses/activate', { data: { license_key: key, site_url: SITE, plugin_slug: SLUG } })).status()).toBe(200);
  const check = await page.request.post(`/api/v1/plugins/${SLUG}/update`, { data: { license_key: key, site_url: SITE, installed_version: '2.4.0' } });
  expect(((await check.json()) as { version: string }).version).toBe('2.5.0');
  const report = await page.request.post(`/api/v1/plugins/${SLUG}/health`, {
    data: { license_key: key, site_url: SITE, version: '2.5.0', outcome: 'failure', running_version: '2.5.0' },
  });
  expect(report.status(), await report.text()).toBe(200);
  const reason = await page.request.post(`/api/v1/plugins/${SLUG}/deactivation`, {
    data: { license_key: key, site_url: SITE, version: '2.5.0', reason: 'It broke my site', details: 'Checkout went blank' },
  });
  expect(reason.status(), await reason.text()).toBe(200);

  await page.reload();
  const card = page.getByTestId('release-card').filter({ hasText: 'v2.5.0' });
  await expect(card.getByTestId('release-health')).toContainText('1 sites updated, 1 failures (100%)');
  await expect(card.getByTestId('release-deactivations')).toContainText('It broke my site: 1');
  await expect(card.getByTestId('release-deactivations')).toContainText('Checkout went blank');

  await card.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('offer them the previous release')).toBeVisible();
  await confirm.getByRole('button', { name: 'Withdraw and offer previous release' }).click();
  await expect(page.getByText('ROLLBACK-E2E-PLUGIN v2.5.0: its sites are offered the previous release', { exact: true })).toBeVisible();
  await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(card.getByTestId('release-rollback')).toContainText('Sites running v2.5.0 are offered the previous release');
  await card.screenshot({ path: 'test-results/release-rollback-card.png' });
  const after = await page.request.post(`/api/v1/plugins/${SLUG}/update`, { data: { license_key: key, site_url: SITE, installed_version: '2.5.0' } });
  expect(((await after.json()) as { rollback?: { version: string } }).rollback?.version).toBe('2.4.0');

  await page.goto('/admin');
  const health = page.getByTestId('chart-release-health');
  await expect(health.getByText('1 failure of 1 updated site over 1 release')).toBeVisible();
  const reasons = page.getByTestId('chart-deactivation-reasons');
  await expect(reasons.getByText('1 site: It broke my site 100%.')).toBeVisible();
  await health.scrollIntoViewIfNeeded();
  await health.screenshot({ path: 'test-results/dashboard-release-health.png' });
  await reasons.screenshot({ path: 'test-results/dashboard-deactivation-reasons.png' });
  // The specs share one shop: retire this plugin so the catalogue's own specs still see only the demo plugin.
  expect((await page.request.patch(`/api/admin/plugins/${SLUG}`, { headers: XHR, data: { retired: true } })).status()).toBe(200);
});
