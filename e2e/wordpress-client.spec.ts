import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

test('the WordPress client page offers the library and a snippet pre-filled for this server and plugin', async ({ page, request, baseURL }) => {
  await signIn(page, '/wordpress-client');
  await expect(page.getByRole('heading', { name: 'WordPress client', exact: true })).toBeVisible();
  const key = (await (await request.get('/api/v1/signing-key')).json()) as { public_key: string };

  await page.getByRole('combobox', { name: 'Plugin' }).click();
  await page.getByRole('option', { name: /Postcode/ }).click();
  const snippet = page.getByLabel('plugin snippet', { exact: true });
  await expect(snippet).toContainText(`'server'      => '${baseURL ?? ''}`);
  await expect(snippet).toContainText(key.public_key);
  await expect(snippet).toContainText("'slug'        => 'postcode-delivery-zones'");
  await expect(page.getByLabel('uninstall snippet', { exact: true })).toContainText("Plugin_Licensing_Client::uninstall( 'postcode-delivery-zones'");

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the library' }).click();
  expect((await download).suggestedFilename()).toMatch(/^plugin-licensing-client-\d+\.\d+\.\d+\.zip$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('wordpress-client.png'), fullPage: true });
});
