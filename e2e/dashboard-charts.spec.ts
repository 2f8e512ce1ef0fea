import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Analytics } from '../common/dashboard';
import { signIn } from './fixtures';

// The dashboard's charts (docs/dashboard.md): real sales and site reports made through the public APIs, the
// empty states, the 30/90 toggle, the table alternative, 390 px without sideways scrolling, and the chart
// library loaded by the dashboard only.

const SLUG = 'postcode-delivery-zones';
const isChartsChunk = (url: string) => /\/assets\/analytics-charts-[^/]*\.js$/.test(url);

/** axe-core's serious and critical findings in the analytics section (WCAG 2.1 A/AA and best practice). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('section[aria-labelledby="analytics-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** How many bars a chart's SVG draws with a non-zero width and height. */
const drawnBars = (chart: Locator): Promise<number> =>
  chart.locator('svg.recharts-surface .recharts-bar-rectangle path').evaluateAll(
    (paths) =>
      paths.filter((path) => {
        const box = (path as SVGGraphicsElement).getBBox();
        return box.width > 0 && box.height > 0;
      }).length,
  );

function watchChartsChunk(page: Page): () => boolean {
  let requested = false;
  page.on('request', (request) => {
    if (isChartsChunk(request.url())) requested = true;
  });
  return () => requested;
}

test('public pages never load the chart library', async ({ page }) => {
  const requested = watchChartsChunk(page);
  for (const path of ['/', '/catalog', `/plugin/${SLUG}`, `/checkout/${SLUG}`, '/support']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(requested()).toBe(false);
});

test('a sale and a reporting site show in the charts, with the 30/90 toggle and a table alternative', async ({ page }) => {
  // A test-mode purchase (a paid order in GBP and its licence) and a site that reports its versions.
  const intent = await page.request.post('/api/create-payment-intent', {
    data: { items: [{ id: SLUG, name: 'Postcode Delivery Zones' }], amount: 4900, customerEmail: `charts-${Date.now()}@example.com` },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  expect((await page.request.post('/api/checkout/test/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242' } })).status()).toBe(200);

  const requested = watchChartsChunk(page);
  await signIn(page, '/admin');
  const created = await page.request.post('/api/admin/licenses', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { plugin_slug: SLUG, plan: 'lifetime' },
  });
  expect(created.status()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const site = { license_key: key, site_url: 'https://charts.example.com', plugin_slug: SLUG };
  expect((await page.request.post('/api/v1/licenses/activate', { form: site })).status()).toBe(200);
  const validated = await page.request.post('/api/v1/licenses/validate', {
    form: { ...site, installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.2.12-1ubuntu1' },
  });
  expect(await validated.json()).toMatchObject({ valid: true });

  await page.reload();
  const analytics = (await (await page.request.get('/api/admin/dashboard/analytics?days=30')).json()) as Analytics;
  const today = analytics.daily.at(-1);
  expect(today?.orders).toBeGreaterThanOrEqual(1);
  expect(today?.revenue.GBP).toBeGreaterThanOrEqual(4900);

  const charts = page.getByTestId('analytics-charts');
  await expect(charts).toBeVisible();
  expect(requested()).toBe(true);
  const revenue = page.getByTestId('chart-revenue');
  await expect(revenue.getByRole('heading', { name: 'Revenue and orders per day' })).toBeVisible();
  await expect(revenue.locator('figcaption')).toContainText('Last 30 days:');
  await expect(revenue.locator('figcaption')).toContainText('£');
  await expect(revenue.locator('.recharts-surface').first()).toBeVisible();
  // Revenue by order kind (issue 26): the test-mode purchase is a new sale; renewals and upgrades are shown beside it.
  const newSales = analytics.totals.by_kind.find((entry) => entry.kind === 'new');
  expect(newSales?.orders).toBeGreaterThanOrEqual(1);
  await expect(revenue.getByTestId('revenue-kind-new')).toContainText('New sales');
  await expect(revenue.getByTestId('revenue-kind-new')).toContainText(`${newSales?.orders} order`);
  await expect(revenue.getByTestId('revenue-kind-renewal')).toContainText('Renewals');
  await expect(revenue.getByTestId('revenue-kind-upgrade')).toContainText('Upgrades');
  await expect(page.getByTestId('chart-licences').getByRole('heading', { name: 'New licences per day' })).toBeVisible();
  await expect(page.getByTestId('chart-sites').locator('figcaption')).toContainText(`${today?.active_sites} active site`);
  await expect(page.getByTestId('chart-wp-versions').locator('figcaption')).toContainText('6.5');
  await expect(page.getByTestId('chart-php-versions').locator('figcaption')).toContainText('8.2');
  await expect(page.getByTestId('chart-plugin-versions').locator('figcaption')).toContainText('1.7.51');
  // The accessible name of each drawing is its summary.
  await expect(page.getByTestId('chart-wp-versions').getByRole('img')).toHaveAccessibleName(/6\.5/);

  // The table alternative carries today's figures.
  await revenue.getByText('Show as table').click();
  const row = revenue.getByRole('row').filter({ hasText: today?.date ?? '' });
  await expect(row).toContainText(String(today?.orders));
  await expect(row).toContainText('£');
  expect(await seriousViolations(page)).toEqual([]);

  // The licences chart draws what its table shows: at least one bar of non-zero size (it once drew nothing beside "2").
  const licences = page.getByTestId('chart-licences');
  expect(today?.new_licences).toBeGreaterThanOrEqual(2);
  await licences.getByText('Show as table').click();
  await expect(licences.getByRole('row').filter({ hasText: today?.date ?? '' })).toContainText(String(today?.new_licences));
  await expect.poll(() => drawnBars(licences)).toBeGreaterThanOrEqual(1);
  expect(await drawnBars(revenue)).toBeGreaterThanOrEqual(1);

  // 90 days: another request, the toggle pressed, the summary says so.
  const ninety = page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '90 days' });
  await Promise.all([page.waitForResponse((response) => response.url().includes('/api/admin/dashboard/analytics?days=90')), ninety.click()]);
  await expect(ninety).toHaveAttribute('aria-pressed', 'true');
  await expect(revenue.locator('figcaption')).toContainText('Last 90 days:');
  await page.screenshot({ path: test.info().outputPath('dashboard-charts.png'), fullPage: true });

  // Readable at 390 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('analytics-charts')).toBeVisible();
  await expect(page.getByTestId('chart-revenue').locator('.recharts-surface').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('dashboard-charts-390.png'), fullPage: true });
});

test('a new shop sees empty states instead of empty charts', async ({ page }) => {
  // Other specs of the run have sold and activated already: answer as a new shop would (every day zero,
  // nothing reported), keeping the real answer's dates.
  await page.route('**/api/admin/dashboard/analytics?*', async (route) => {
    const response = await route.fetch();
    const real = (await response.json()) as Analytics;
    const empty: Analytics = {
      ...real,
      currencies: [],
      daily: real.daily.map((day) => ({
        date: day.date,
        orders: 0,
        revenue: {},
        refunded_orders: 0,
        refunded: {},
        new_licences: 0,
        active_sites: 0,
        counted_sites: 0,
      })),
      totals: {
        orders: 0,
        revenue: {},
        refunded_orders: 0,
        refunded: {},
        new_licences: 0,
        by_kind: real.totals.by_kind.map((entry) => ({ ...entry, orders: 0, revenue: {} })),
      },
      shares: { sites: 0, plugin_versions: [], wp_versions: [], php_versions: [] },
    };
    await route.fulfill({ response, json: empty });
  });
  await signIn(page, '/admin');
  await expect(page.getByTestId('chart-revenue')).toContainText('No sales yet');
  await expect(page.getByTestId('chart-licences')).toContainText('No new licences yet');
  await expect(page.getByTestId('chart-sites')).toContainText('No active sites yet');
  for (const id of ['plugin-versions', 'wp-versions', 'php-versions']) await expect(page.getByTestId(`chart-${id}`)).toContainText('No sites yet');
  await expect(page.getByTestId('analytics-charts').locator('.recharts-surface')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The rest of the dashboard is as before.
  await expect(page.getByText('Welcome to the product Licensing Dashboard')).toBeVisible();
  await expect(page.getByText('Recent Activity')).toBeVisible();
});
