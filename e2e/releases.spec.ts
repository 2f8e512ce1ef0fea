import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import yazl from 'yazl';
import { signIn } from './fixtures';

/** A valid plugin zip: top folder = slug, main file header Version = `version` (the server checks both). */
function pluginZip(version: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(`<?php\n/*\n * Plugin Name: Postcode Delivery Zones\n * Version: ${version}\n */\n`),
    'postcode-delivery-zones/postcode-delivery-zones.php',
  );
  zip.addBuffer(Buffer.from('=== Postcode Delivery Zones ===\nRequires at least: 6.2\nTested up to: 6.8\n'), 'postcode-delivery-zones/readme.txt');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

test('upload a release in the dialog, see its signed card, download the same bytes', async ({ page }) => {
  await signIn(page, '/releases?action=upload');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Maximum file size: 50MB')).toBeVisible();

  await dialog.getByRole('button', { name: 'Create Release' }).click();
  await expect(dialog.getByText('Plugin selection is required')).toBeVisible();
  await expect(dialog.getByText('Version is required')).toBeVisible();
  await dialog.getByLabel('Version').fill('1.9');
  await expect(dialog.getByText('Please enter version in format: x.y.z')).toBeVisible();

  await dialog.getByLabel('Plugin', { exact: true }).click();
  await page.getByRole('option', { name: 'POSTCODE-DELIVERY-ZONES' }).click();
  await dialog.getByLabel('Version').fill('1.8.0');
  await dialog.getByLabel('Release Notes').fill('Adds sector pricing previews.');
  const zip = await pluginZip('1.8.0');
  await dialog.getByLabel('Plugin File').setInputFiles({ name: 'postcode-delivery-zones.zip', mimeType: 'application/zip', buffer: zip });
  await dialog.getByRole('button', { name: 'Create Release' }).click();

  await expect(page.getByText('Release Created', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const releases = (await (await page.request.get('/api/admin/releases')).json()) as Array<{ version: string; signature: string }>;
  const uploaded = releases.find((release) => release.version === '1.8.0');
  expect(uploaded).toBeDefined();

  const card = page.getByTestId('release-card').filter({ hasText: 'v1.8.0' });
  await expect(card.getByText('POSTCODE-DELIVERY-ZONES')).toBeVisible();
  await expect(card.getByText('Latest')).toBeVisible();
  await expect(card.getByText('Adds sector pricing previews.')).toBeVisible();
  await expect(card.getByTestId('signature-prefix')).toHaveText(`${uploaded?.signature.slice(0, 16)}...`);
  await expect(card.getByText('Requires WordPress 6.2 · Tested up to 6.8')).toBeVisible();
  // The demo release is older, so it is no longer the latest.
  await expect(page.getByTestId('release-card').filter({ hasText: 'v1.7.51' }).getByText('Latest')).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('postcode-delivery-zones-1.8.0.zip');
  expect(fs.readFileSync(await download.path()).equals(zip)).toBe(true);
});

test('search, empty state and a refused upload toast', async ({ page }) => {
  await signIn(page, '/releases');
  await expect(page.getByRole('heading', { name: 'Releases' })).toBeVisible();
  await expect(page.getByTestId('release-card').filter({ hasText: 'v1.7.51' })).toBeVisible();
  await page.getByLabel('Search releases').fill('no-such-thing');
  await expect(page.getByText('No releases found matching "no-such-thing"')).toBeVisible();

  await page.getByLabel('Filter by plugin').click();
  await page.getByRole('option', { name: '8022 Licensing' }).click();
  await page.getByLabel('Search releases').fill('');
  await expect(page.getByText('No releases yet. Create your first release to get started.')).toBeVisible();

  await page.getByRole('button', { name: 'New Release' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Plugin', { exact: true }).click();
  await page.getByRole('option', { name: '8022 Licensing' }).click();
  await dialog.getByLabel('Version').fill('2.0.0');
  await dialog.getByLabel('Plugin File').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
  await dialog.getByRole('button', { name: 'Create Release' }).click();
  await expect(dialog.getByTestId('release-upload-error')).toHaveText('The file is not a readable .zip archive');
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a zip whose header version differs from the release version is refused with the message shown', async ({ page }) => {
  await signIn(page, '/releases?action=upload');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Plugin', { exact: true }).click();
  await page.getByRole('option', { name: 'POSTCODE-DELIVERY-ZONES' }).click();
  await dialog.getByLabel('Version').fill('1.8.2');
  await dialog.getByLabel('Plugin File').setInputFiles({ name: 'postcode-delivery-zones.zip', mimeType: 'application/zip', buffer: await pluginZip('1.8.1') });
  await dialog.getByRole('button', { name: 'Create Release' }).click();
  await expect(dialog.getByTestId('release-upload-error')).toHaveText(
    'The plugin header of postcode-delivery-zones/postcode-delivery-zones.php says Version 1.8.1, but this release is 1.8.2: upload the zip built for 1.8.2 or correct the version',
  );
  await expect(dialog).toBeVisible();
  const releases = (await (await page.request.get('/api/admin/releases')).json()) as Array<{ version: string }>;
  expect(releases.map((release) => release.version)).not.toContain('1.8.2');
});

test('withdraw a release (confirmed), restore it, then delete it because no site was offered it', async ({ page }) => {
  await signIn(page, '/releases');
  const upload = await page.request.post('/api/admin/releases', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      plugin_slug: 'postcode-delivery-zones',
      version: '9.9.9',
      notes: 'To be withdrawn',
      file: { name: 'postcode-delivery-zones.zip', mimeType: 'application/zip', buffer: await pluginZip('9.9.9') },
    },
  });
  expect(upload.status()).toBe(201);
  await page.reload();
  const card = page.getByTestId('release-card').filter({ hasText: 'v9.9.9' });
  await expect(card.getByText('Latest')).toBeVisible();

  await card.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Withdraw Release', { exact: true }).first()).toBeVisible();
  await confirm.getByRole('button', { name: 'Withdraw Release' }).click();
  await expect(page.getByText('Release Withdrawn', { exact: true })).toBeVisible();
  await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible();
  await expect(card.getByText('Latest')).toHaveCount(0);
  const check = (await (await page.request.get('/api/v1/plugins/postcode-delivery-zones/update')).json()) as { version: string };
  expect(check.version).not.toBe('9.9.9');

  await card.getByRole('button', { name: 'Restore' }).click();
  await expect(card.getByText('Latest')).toBeVisible();

  await card.getByRole('button', { name: 'Delete v9.9.9' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Release' }).click();
  await expect(page.getByText('Release Deleted', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
});
