import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';
import { ownServerPort, startOwnServer } from './own-server';

// The first-run prompt (docs/checkout.md, "Links in e-mails") shows only on a server with no Base URL and no
// confirmed address. The run's server has BASE_URL set, so this spec starts its own, as a fresh install:
// the same web build (E2E_ROOT, playwright.config.ts), a new database, no BASE_URL.

test.describe.configure({ mode: 'serial' });

let stopServer: (() => Promise<void>) | undefined;
const port = ownServerPort();
const base = `http://127.0.0.1:${port}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stopServer = await startOwnServer(port, { E2E_NO_BASE_URL: 'true' });
});

test.afterAll(async () => stopServer?.());

test("the first admin sign-in asks for the shop's address, pre-filled; once saved it never comes back", async ({ page }) => {
  await signIn(page, `${base}/admin`);
  const dialog = page.getByRole('dialog', { name: "Your shop's address" });
  await expect(dialog).toBeVisible();
  // Pre-filled with the address this admin's browser used.
  await expect(dialog.getByLabel('Shop address')).toHaveValue(base);
  await page.screenshot({ path: test.info().outputPath('shop-address-prompt.png') });

  // "Later" closes it; the warning stays and opens it again.
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(dialog).toBeHidden();
  const warning = page.getByTestId('shop-address-warning');
  await expect(warning).toContainText("Your shop's address is not set: e-mails with links (licence, sign-in) are held in the outbox, not sent.");
  // "Later" holds for this tab's visit: another page loaded in it does not ask again.
  await page.reload();
  await expect(warning).toBeVisible();
  await expect(dialog).toBeHidden();
  await warning.getByRole('button', { name: "Set your shop's address" }).click();
  await expect(dialog.getByLabel('Shop address')).toHaveValue(base);

  // A path is refused with the server's message at the field.
  await dialog.getByLabel('Shop address').fill(`${base}/shop`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#shop-address-error')).toContainText('Must be only scheme, host and port');

  await dialog.getByLabel('Shop address').fill(base);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Shop Address Saved', { exact: true })).toBeVisible();
  await expect(warning).toHaveCount(0);

  // Not after a reload, nor after signing in again.
  await page.reload();
  await expect(page.getByText('Licensing - Admin Dashboard')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(warning).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, `${base}/settings`);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByText(`While it is empty they use the shop's address you confirmed, ${base}.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(warning).toHaveCount(0);
});
