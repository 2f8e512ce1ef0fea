import { expect, test } from '@playwright/test';
import { signIn } from './fixtures.js';

// A vendor's page holding a script and javascript: links, edited in the admin with its live preview, is inert in
// Chromium: the script never runs, the links are not links. The demo text is put back afterwards (shared server).

test('Markdown with <script> and javascript: links is rendered inert, in the preview and on the storefront', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, '/storefront');
  await page.getByRole('tab', { name: 'Refund Policy' }).click();
  const original = await page.getByLabel('Text (Markdown)').inputValue();
  const hostile = [
    '## Refunds',
    '',
    '<script>window.__pwned = 1; alert("script")</script>',
    '',
    '<img src=x onerror="window.__pwned = 2; alert(\'img\')">',
    '',
    '[Click me](javascript:window.__pwned=3) and [me too](JaVaScRiPt:alert(1)) and [fine](https://example.com/ok)',
  ].join('\n');
  await page.getByLabel('Text (Markdown)').fill(hostile);
  const preview = page.getByText('Preview').locator('..');
  await expect(preview.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(preview.getByText('<script>window.__pwned = 1; alert("script")</script>')).toBeVisible();
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Page Saved', { exact: true })).toBeVisible();

  try {
    await page.goto('/refund-policy');
    await expect(page).toHaveTitle(/^Refund Policy - /);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    await expect(main.getByText(/Last updated: \w+ \d{4}/)).toBeVisible();
    // The script and the image are text, not elements; the javascript: links are plain text.
    await expect(main.getByText('<script>window.__pwned = 1; alert("script")</script>')).toBeVisible();
    expect(await main.locator('script, img').count()).toBe(0);
    await expect(main.getByRole('link', { name: 'Click me' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'me too' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'fine' })).toHaveAttribute('href', 'https://example.com/ok');
    await main.getByText('Click me').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  } finally {
    const restored = await page.request.put('/api/admin/pages/refunds', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { markdown: original } });
    expect(restored.ok()).toBe(true);
  }
});
