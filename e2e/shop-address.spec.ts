import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// The first-run prompt (docs/checkout.md, "Links in e-mails") shows only on a server with no Base URL and no
// confirmed address. The run's server has BASE_URL set, so this spec starts its own, as a fresh install:
// the same web build (E2E_ROOT, playwright.config.ts), a new database, no BASE_URL.

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let root = '';
const port = 40_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-e2e-fresh-'));
  server = spawn('node', ['scripts/e2e-server.mjs'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_ROOT: root,
      E2E_WEB_DIR: path.join(process.env.E2E_ROOT ?? '', 'web'),
      E2E_NO_BASE_URL: 'true',
    },
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 100_000, intervals: [250, 500, 1000] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(root, { recursive: true, force: true });
});

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
