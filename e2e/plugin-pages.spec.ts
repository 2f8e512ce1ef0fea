import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makeZip, pluginMainFile } from '../server/test/release-test-helpers';
import { signIn } from './fixtures';

// Plugin pages (issue 25, docs/storefront.md "Plugin pages"): a vendor adds an icon, a banner, use cases and FAQ
// entries through the admin, and finds them on the catalogue card and the plugin's page, at 1280 and 360 px.

const NAME = 'Page Journey';
const SLUG = 'page-journey';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const README = `=== ${NAME} ===
Stable tag: 2.0.0

== Changelog ==

= 2.0.0 =
* Faster pages, see [the guide](https://example.com/guide).
* <script>window.injected = 1</script> stays text.
`;

/** axe-core's serious or critical findings (WCAG 2.1 A and AA), as e2e/a11y.spec.ts counts them. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

/** The page scrolls sideways if its content is wider than the window. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.afterAll(async ({ browser }) => {
  // Other specs share this server: the plugin leaves the storefront.
  const page = await browser.newPage();
  await signIn(page);
  await page.request.patch(`/api/admin/plugins/${SLUG}`, { headers: XHR, data: { retired: true } });
  await page.close();
});

test('a vendor adds an icon, a banner, use cases and FAQ entries, and sees them on the card and the plugin page', async ({ page }) => {
  await signIn(page, '/plugins');
  await page.getByRole('button', { name: 'New Plugin' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(NAME);
  await expect(dialog.getByLabel('Slug')).toHaveValue(SLUG);
  await dialog.getByLabel('Short Description').fill('Pages that sell: icon, banner and answers.');
  await dialog.getByRole('button', { name: 'Create Plugin' }).click();
  await expect(page).toHaveURL(new RegExp(`/plugins/${SLUG}$`));

  // Lists and FAQ entries: added, one moved up, a missing answer named before anything is sent.
  await page.getByLabel('Features').fill('Icon on cards\nBanner on the page');
  await page.getByLabel('Use Cases').fill('Plugin shops\nAgencies');
  const faq = page.getByTestId('faq-editor');
  await faq.getByRole('button', { name: 'Add question' }).click();
  await faq.getByLabel('Question 1', { exact: true }).fill('Does it work with multisite?');
  await faq.getByLabel('Answer 1', { exact: true }).fill('Yes: one licence per site.');
  await faq.getByRole('button', { name: 'Add question' }).click();
  await faq.getByLabel('Question 2', { exact: true }).fill('Can I get a refund?');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Question 2: FAQ answers cannot be empty: write the answer or remove the question', { exact: true })).toBeVisible();
  await faq.getByLabel('Answer 2', { exact: true }).fill('Within 30 days of purchase.');
  await faq.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(faq.getByLabel('Question 1', { exact: true })).toHaveValue('Can I get a refund?');
  await faq.getByRole('button', { name: 'Add question' }).click();
  await faq.getByLabel('Question 3', { exact: true }).fill('Removed before saving?');
  await faq.getByRole('button', { name: 'Remove question 3' }).click();
  await expect(faq.getByTestId('faq-entry')).toHaveCount(2);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Plugin Updated', { exact: true })).toBeVisible();
  const saved = (await (await page.request.get(`/api/admin/plugins/${SLUG}`)).json()) as { faq: unknown; use_cases: string[] };
  expect(saved.faq).toEqual([
    { question: 'Can I get a refund?', answer: 'Within 30 days of purchase.' },
    { question: 'Does it work with multisite?', answer: 'Yes: one licence per site.' },
  ]);
  expect(saved.use_cases).toEqual(['Plugin shops', 'Agencies']);

  // Icon and banner, through the admin's artwork card.
  await page.getByLabel('Icon file').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: await makePng(256, 256) });
  await expect(page.getByTestId('artwork-icon').getByRole('img')).toHaveCount(1);
  await page.getByLabel('Banner file').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await makePng(1544, 500) });
  await expect(page.getByTestId('artwork-banner').getByRole('img')).toHaveCount(1);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/plugin-pages-admin.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // A release whose readme has a changelog.
  const release = await page.request.post('/api/admin/releases', {
    headers: XHR,
    multipart: {
      plugin_slug: SLUG,
      version: '2.0.0',
      file: {
        name: `${SLUG}.zip`,
        mimeType: 'application/zip',
        buffer: await makeZip({ [`${SLUG}/${SLUG}.php`]: pluginMainFile(NAME, '2.0.0'), [`${SLUG}/readme.txt`]: README }),
      },
    },
  });
  expect(release.status(), await release.text()).toBe(201);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });

    // The catalogue card shows the icon (a WebP variant, its size in attributes) where the letter was.
    await page.goto('/catalog');
    const card = page.locator(`[data-testid="plugin-card"][data-slug="${SLUG}"]`);
    const icon = card.getByTestId('plugin-icon');
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAttribute('src', /-256w\.webp$/);
    await expect(icon).toHaveAttribute('width', '128');
    await expect(icon).toHaveAttribute('height', '128');
    // Loaded: the 256 px variant drawn at 128 CSS pixels (srcset's density makes its natural width 128).
    await expect.poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(128);
    // The seeded plugins have no icon: their letter stays.
    await expect(page.locator('[data-testid="plugin-card"][data-slug="postcode-delivery-zones"]').getByTestId('plugin-icon')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    if (SCREENSHOTS) await card.screenshot({ path: `${SCREENSHOTS}/plugin-pages-card-${width}.png` });
    expect(await scrollsSideways(page)).toBe(false);

    // The plugin page: banner in its box, FAQ as an accordion in the saved order, the readme's changelog.
    await page.goto(`/plugin/${SLUG}`);
    const banner = page.getByTestId('plugin-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('width', '1544');
    await expect(banner).toHaveAttribute('height', '500');
    const box = await banner.boundingBox();
    expect(box && Math.abs(box.width / box.height - 1544 / 500)).toBeLessThan(0.02);
    expect(box && box.width).toBeLessThanOrEqual(width);
    const section = page.getByTestId('plugin-faq');
    await expect(section.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(section.locator('summary')).toHaveText([/^Can I get a refund\?/, /^Does it work with multisite\?/]);
    await expect(section.getByText('Yes: one licence per site.')).toBeHidden();
    await section.getByText('Does it work with multisite?').click();
    await expect(section.getByText('Yes: one licence per site.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Features', 'Benefits', 'Changelog']);
    await page.getByRole('tab', { name: 'Benefits' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('Agencies');
    await page.getByRole('tab', { name: 'Changelog' }).click();
    const changelog = page.getByTestId('plugin-changelog');
    await expect(changelog).toContainText('2.0.0');
    await expect(changelog.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', 'https://example.com/guide');
    await expect(changelog).toContainText('<script>window.injected = 1</script> stays text.');
    expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/plugin-pages-page-${width}.png`, fullPage: true });
  }

  // The HTML a crawler reads carries the FAQ as FAQPage.
  const html = await (await page.request.get(`/plugin/${SLUG}`)).text();
  expect(html).toContain('"@type":"FAQPage"');
});
