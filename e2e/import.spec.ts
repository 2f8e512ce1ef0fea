import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// The Import page (docs/migrating.md): an EDD SL licence export is read (format detected), its product mapped to a
// plugin, tried in a dry run row by row with line numbers and reasons, then imported; importing again adds nothing.
const HEADER =
  'License ID,License Key,License Status,Customer ID,Customer Email,Customer Name,User ID,Product Name,Price ID,Purchase Date,Expiration Date,Activation Limit,Activation Count,Activated URLs';

test('an EDD export is read, mapped, dry-run row by row, imported, and a second import adds nothing', async ({ page }) => {
  const suffix = randomBytes(6).toString('hex');
  const csv = [
    HEADER,
    `1,e2e${suffix}aaaaaaaaaaaaaaaaaaaa,active,1,ann@example.com,Ann,1,Legacy Product,,2024-01-15 10:00:00,2030-01-15 10:00:00,2,1,https://ann-${suffix}.example.com`,
    `2,e2e${suffix}bbbbbbbbbbbbbbbbbbbb,expired,2,bob@example.com,Bob,2,Legacy Product,,2022-01-15 10:00:00,2023-01-15 10:00:00,1,0,`,
    `3,e2e${suffix}cccccccccccccccccccc,active,3,cy@example.com,Cy,3,Legacy Product,,2024-01-15 10:00:00,0,three,0,`,
  ].join('\n');
  const file = { name: 'edd-licenses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  await signIn(page, '/import');
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible();
  await page.getByLabel('File').setInputFiles(file);
  await page.getByRole('button', { name: 'Read the file' }).click();
  const inspection = page.getByTestId('import-inspection');
  await expect(inspection).toContainText('Easy Digital Downloads Software Licensing licence export: 3 rows.');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.getByLabel('Plugin for Legacy Product').selectOption('ucre');

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('3 rows: 2 to create, 0 skipped, 1 with errors.');
  const rows = page.getByTestId('import-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('2create');
  await expect(rows.nth(1)).toContainText('expired, expires 2023-01-15T10:00:00.000Z');
  await expect(rows.nth(2)).toContainText('4error');
  await expect(rows.nth(2)).toContainText('Activation Limit "three" is not a whole number of sites');

  // Changing the choice asks for a new dry run before importing.
  await page.getByLabel('Stop at the first bad row').check();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.getByLabel('Skip bad rows (each is reported on its line)').check();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('3 rows: 2 to create, 0 skipped, 1 with errors.');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('3 rows: 2 created, 0 skipped, 1 with errors.');
  await page.screenshot({ path: 'test-results/import-page.png', fullPage: true });

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('3 rows: 0 to create, 2 skipped, 1 with errors.');
  await expect(rows.nth(0)).toContainText('a licence with this key is here already');

  // A file in no known format says which columns were expected.
  await page.getByLabel('File').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from('name,email\nAnn,ann@example.com\n') });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await expect(page.getByTestId('import-problem')).toContainText('The format of this file was not recognised');
  await expect(page.getByTestId('import-problem')).toContainText('License Key, License Status');
});
