import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_PAGE_PATHS, PUBLIC_ROUTES } from '../common/web-routes.js';
import { makeZip, pluginMainFile } from '../server/test/release-test-helpers';
import { fillTestCard, signIn } from './fixtures';
import { ownServerPort, startOwnServer } from './own-server';

// Issue 25, "Done when": a new vendor opens an empty shop (SEED_DEMO=false), sets it up through the admin UI alone
// (the dashboard's "Set up your shop" checklist ticking as they go), sells their plugin, has the buyer's review
// approved, and then no public page (server HTML and rendered page) carries a trace of the demo vendor, while every
// one names the vendor's store and fits a 360 px phone.
//
// The run's shared server is seeded with the demo, so this spec starts its own, as a fresh install: the run's web
// build (E2E_ROOT, playwright.config.ts), a new database, no demo, no BASE_URL (the first-run address prompt).

test.describe.configure({ mode: 'serial' });

let stopServer: (() => Promise<void>) | undefined;
const port = ownServerPort();
const base = `http://127.0.0.1:${port}`;

const STORE = 'Northwind Extensions';
const TAGLINE = 'Careful plugins for careful shops.';
const SUPPORT = 'help@northwind.example';
const SLUG = 'order-notes-pro';
const PLUGIN = 'Order Notes Pro';
const BUYER = `buyer-${Date.now()}@example.com`;
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;

/** What the demo vendor's shop says (server/db/seed.ts, common/store-identity.ts, common/store-pages.ts): none of it may show. */
const DEMO_TRACES: Array<string | RegExp> = [
  '8022',
  '8022 Plugins',
  'support@8022.dev',
  'Premium WordPress Plugins for WooCommerce',
  'Postcode Delivery Zones',
  /postcode/i,
  /(?<![\d.])4\.8(?!\d)/,
  '156 reviews',
  '2,500+',
];

/** Built file names are content hashes (`/assets/index-8022abcd.js` is possible): they are not text of the shop. */
const withoutAssetNames = (html: string) => html.replace(/\/assets\/[\w.-]+/g, '/assets/…');

/**
 * Licence keys start with 8022 (docs/product-spec.md: "generated key prefix 8022"; common/license-key.ts): the
 * specification's key format, not the demo vendor's text, so a key (whole or masked) is not a trace.
 */
const withoutLicenceKeys = (text: string) => text.replace(/\b8022(-[A-Z0-9*]{4}){4}\b/g, '<licence key>');

const traceIn = (text: string): string | undefined => {
  const shown = withoutLicenceKeys(text);
  const found = DEMO_TRACES.find((trace) => (typeof trace === 'string' ? shown.includes(trace) : trace.test(shown)));
  return found === undefined ? undefined : String(found);
};

const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 140 } } })
    .png()
    .toBuffer();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stopServer = await startOwnServer(port, { E2E_NO_BASE_URL: 'true', SEED_DEMO: 'false' });
});

test.afterAll(async () => stopServer?.());

/** The checklist's steps that are ticked, by title, as the dashboard shows them. */
async function tickedSteps(page: Page): Promise<string[]> {
  await page.goto(`${base}/dashboard`);
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist).toBeVisible();
  return checklist.locator('a[data-done="true"]').evaluateAll((links) => links.map((link) => link.querySelector('span span')?.textContent ?? ''));
}

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  return context.newPage();
}

test('a new vendor sets up an empty shop in the admin, sells a plugin and approves its review; no public page shows the demo vendor', async ({ browser }) => {
  test.setTimeout(300_000);
  const vendor = await newPage(browser);

  // An empty shop: no demo plugin on the storefront.
  const before = await (await fetch(`${base}/catalog`)).text();
  expect(before).not.toContain('Postcode Delivery Zones');
  const visitor = await newPage(browser);
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Browse Plugins' })).toBeVisible();
  // Nothing featured yet: no empty "Featured Plugins" section.
  await expect(visitor.getByRole('heading', { name: 'Featured Plugins' })).toHaveCount(0);
  await visitor.close();

  // First sign-in: the shop's address, then the dashboard's checklist with nothing done but that.
  await signIn(vendor, `${base}/admin`);
  const prompt = vendor.getByRole('dialog', { name: "Your shop's address" });
  await expect(prompt.getByLabel('Shop address')).toHaveValue(base);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toBeHidden();
  expect(await tickedSteps(vendor)).toEqual(['Shop address']);
  await vendor.screenshot({ path: test.info().outputPath('checklist-start.png'), fullPage: true });

  // Store name and logo, from the checklist's link.
  await vendor
    .getByTestId('setup-checklist')
    .getByRole('link', { name: /Store name and logo/ })
    .click();
  await expect(vendor.getByRole('heading', { name: 'Storefront', level: 1 })).toBeVisible();
  await vendor.getByLabel('Store name').fill(STORE);
  await vendor.getByLabel('Headline').fill('Plugins that keep orders tidy');
  await vendor.getByLabel('Tagline').fill(TAGLINE);
  await vendor.getByLabel('Accent colour').fill('#0f766e');
  await vendor.getByLabel('Support e-mail').fill(SUPPORT);
  await vendor.getByLabel('Legal name').fill('Northwind Extensions Ltd');
  await vendor.getByLabel('Legal address').fill('2 Quay Street\nBristol BS1 4DJ');
  await vendor.getByLabel('Footer links').fill('Status | https://status.northwind.example\nChangelog | /catalog');
  await vendor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(vendor.getByText('Storefront Saved', { exact: true })).toBeVisible();
  await vendor.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makePng(256, 64) });
  await expect(vendor.getByRole('img', { name: 'Current logo' })).toBeVisible();

  // The pages, in Markdown (Documentation too: every page is the vendor's).
  const pages: Array<[tab: string, markdown: string]> = [
    ['About', `## Who we are\n\n${STORE} is two developers in Bristol writing WooCommerce order tools.`],
    ['Documentation', '## Getting started\n\nInstall the zip, activate it and enter your licence key under **Settings → Order Notes**.'],
    ['Support', `## Getting help\n\nWrite to [${SUPPORT}](mailto:${SUPPORT}); we answer within two working days.`],
    ['Privacy Policy', `## Your data\n\n${STORE} keeps your e-mail address and order for as long as your licence lasts.`],
    ['Terms of Sale', `## Terms\n\nA licence covers the sites its tier names, for its term.`],
    ['Refund Policy', '## Refunds\n\nAsk within 30 days of buying and we refund you in full.'],
  ];
  for (const [tab, markdown] of pages) {
    await vendor.getByRole('tab', { name: tab, exact: true }).click();
    await vendor.getByLabel('Title').fill(tab);
    await vendor.getByLabel('Lead').fill(`${tab} for ${STORE}.`);
    await vendor.getByLabel('Text (Markdown)').fill(markdown);
    if (tab === 'Support') {
      // The FAQ: whatever entries are there are replaced by the vendor's own.
      while ((await vendor.getByRole('button', { name: 'Remove question' }).count()) > 0)
        await vendor.getByRole('button', { name: 'Remove question' }).first().click();
      await vendor.getByRole('button', { name: 'Add question' }).click();
      await vendor.getByLabel('Question 1').fill('Can I move my licence to another site?');
      await vendor.getByLabel('Answer 1').fill('Yes: deactivate it on the old site, then activate it on the new one.');
    }
    await vendor.getByRole('button', { name: 'Save page' }).click();
    await expect(vendor.getByText('Page Saved', { exact: true }).first()).toBeVisible();
  }
  expect(await tickedSteps(vendor)).toEqual(['Shop address', 'Store name and logo']);

  // The first plugin, with its content.
  await vendor
    .getByTestId('setup-checklist')
    .getByRole('link', { name: /First plugin/ })
    .click();
  await vendor.getByRole('button', { name: 'New Plugin' }).click();
  const create = vendor.getByRole('dialog');
  await create.getByLabel('Name').fill(PLUGIN);
  await expect(create.getByLabel('Slug')).toHaveValue(SLUG);
  await create.getByLabel('Short Description').fill('Private and customer notes on WooCommerce orders, with reminders.');
  await create.getByLabel('Category').fill('Orders');
  await create.getByRole('button', { name: 'Create Plugin' }).click();
  await expect(vendor.getByText('Plugin Created', { exact: true })).toBeVisible();
  await expect(vendor).toHaveURL(new RegExp(`/plugins/${SLUG}$`));
  await vendor.getByLabel('Long Description').fill('Order Notes Pro adds notes with due dates to WooCommerce orders.');
  await vendor.getByLabel('Features').fill('Notes with due dates\nReminders by e-mail\nNotes on the order list');
  await vendor.getByLabel('Benefits').fill('Nothing promised to a customer is forgotten');
  await vendor.getByLabel('Requirements').fill('WordPress 6.2+\nWooCommerce 8.0+');
  await vendor.getByLabel('Author').fill(STORE);
  await vendor.getByLabel('Featured on the landing page').check();
  await vendor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(vendor.getByText('Plugin Updated', { exact: true })).toBeVisible();

  // A price tier.
  await vendor.getByRole('button', { name: 'Add Tier' }).click();
  const tier = vendor.getByRole('dialog');
  await tier.getByLabel('Name', { exact: true }).fill('Single site');
  await tier.getByLabel('Sites', { exact: true }).fill('1');
  await tier.getByLabel('Amount', { exact: true }).fill('39.00');
  await tier.getByRole('button', { name: 'Save Tier' }).click();
  await expect(tier).toBeHidden();
  await expect(vendor.getByTestId('price-tiers').getByRole('row').filter({ hasText: 'Single site' })).toContainText('£39');

  // The first release (above the default minimum release version, so it goes on sale at once).
  await vendor.goto(`${base}/releases?action=upload`);
  const upload = vendor.getByRole('dialog');
  await upload.getByLabel('Plugin', { exact: true }).click();
  await vendor.getByRole('option', { name: SLUG.toUpperCase() }).click();
  await upload.getByLabel('Version').fill('2.0.0');
  const zip = await makeZip({ [`${SLUG}/${SLUG}.php`]: pluginMainFile(PLUGIN, '2.0.0') });
  await upload.getByLabel('Plugin File').setInputFiles({ name: `${SLUG}.zip`, mimeType: 'application/zip', buffer: zip });
  await upload.getByRole('button', { name: 'Create Release' }).click();
  await expect(vendor.getByText('Release Created', { exact: true })).toBeVisible();
  // A tier alone does not sell: the checklist sends the vendor to switch the plugin's pricing on.
  expect(await tickedSteps(vendor)).toEqual(['Shop address', 'Store name and logo', 'First plugin', 'First release']);
  await vendor.getByTestId('setup-checklist').getByRole('link', { name: /Price/ }).click();
  await expect(vendor).toHaveURL(`${base}/plugin-settings`);
  await vendor.getByRole('tab', { name: 'Pricing' }).click();
  await vendor.getByRole('combobox', { name: 'Plugin' }).click();
  await vendor.getByRole('option', { name: PLUGIN }).click();
  await vendor.getByRole('button', { name: 'Edit Pricing' }).click();
  await vendor.getByLabel('Pricing active').check();
  await vendor.getByRole('button', { name: 'Save Changes' }).click();
  await expect(vendor.getByText('Pricing Updated', { exact: true })).toBeVisible();
  expect(await tickedSteps(vendor)).toEqual(['Shop address', 'Store name and logo', 'First plugin', 'First release', 'Price']);
  await vendor.screenshot({ path: test.info().outputPath('checklist-done.png'), fullPage: true });

  // A buyer buys it with the test card.
  const buyer = await newPage(browser);
  await buyer.goto(`/plugin/${SLUG}`);
  await expect(buyer.getByRole('heading', { level: 1, name: PLUGIN })).toBeVisible();
  // The one-site tier reads in the singular.
  await expect(buyer.getByText('Use on 1 website', { exact: true })).toBeVisible();
  const purchase = buyer.getByRole('link', { name: /Purchase Now/ }).first();
  await expect(purchase).toBeVisible();
  await purchase.click();
  await expect(buyer).toHaveURL(new RegExp(`/checkout/${SLUG}`));
  await buyer.getByLabel('Email address').fill(BUYER);
  await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
  const card = buyer.getByRole('form', { name: 'Card payment' });
  await fillTestCard(card, '4242 4242 4242 4242');
  await card.getByRole('button', { name: 'Pay £39' }).click();
  await expect(buyer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The buyer signs in to their account with the link the admin's outbox holds (no SMTP on this shop).
  await buyer.goto('/account/sign-in');
  await buyer.getByLabel('Email address').fill(BUYER);
  await buyer.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(buyer.getByTestId('sign-in-sent')).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      const emails = (await (await vendor.request.get(`${base}/api/admin/emails`)).json()) as Array<{ to: string; text: string }>;
      const match = emails.find((email) => email.to === BUYER && LINK.test(email.text));
      link = match ? (LINK.exec(match.text)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  await buyer.goto(link);
  await expect(buyer).toHaveURL(`${base}/account`);

  // The e-mails the buyer got speak for the vendor.
  const emails = (await (await vendor.request.get(`${base}/api/admin/emails`)).json()) as Array<{ to: string; subject: string; text: string }>;
  const mine = emails.filter((email) => email.to === BUYER);
  expect(mine.length).toBeGreaterThanOrEqual(2);
  for (const email of mine) {
    expect(`${email.subject}\n${email.text}`, email.subject).toContain(STORE);
    expect(traceIn(`${email.subject}\n${email.text}`), email.subject).toBeUndefined();
  }

  // A review, approved by the vendor.
  const review = buyer.getByTestId('account-review');
  await expect(review.getByRole('heading', { name: PLUGIN })).toBeVisible();
  await review.getByRole('radio', { name: '5 stars' }).check();
  await review.getByLabel('Title').fill('Nothing slips through any more');
  await review.getByLabel('Your review').fill('We use the due dates for every custom order; the reminders do the rest.');
  await review.getByRole('button', { name: 'Submit review' }).click();
  await expect(review.getByText('Waiting for approval')).toBeVisible();
  await vendor.goto(`${base}/reviews`);
  const row = vendor.getByTestId('admin-review').filter({ hasText: BUYER });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(vendor.getByText('Review approved', { exact: true })).toBeVisible();
  await buyer.goto(`/plugin/${SLUG}`);
  await expect(buyer.getByTestId('plugin-review')).toContainText('Nothing slips through any more');
  await expect(buyer.getByTestId('plugin-reviews')).toContainText('(1 review)');

  // Every public page, as the server sends it and as the browser renders it: the vendor's name, no demo trace,
  // no sideways scroll on a 360 px phone. The account pages are seen signed in as the buyer.
  await buyer.goto('/account');
  const receiptPath =
    (await buyer
      .getByRole('link', { name: /^Receipt for order/ })
      .first()
      .getAttribute('href')) ?? '';
  expect(receiptPath).toMatch(/^\/account\/orders\/\d+\/receipt$/);
  const examples: Record<string, string> = {
    '/plugin/:slug': `/plugin/${SLUG}`,
    '/checkout/:slug': `/checkout/${SLUG}`,
    '/purchase/success': `/purchase/success?plugin=${SLUG}`,
    '/account/sign-in/:token': '/account/sign-in/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '/account/orders/:orderId/receipt': receiptPath,
  };
  const paths = Object.keys(PUBLIC_ROUTES).map((pattern) => examples[pattern] ?? pattern);
  expect(paths.every((each) => !each.includes(':'))).toBe(true);
  paths.push('/no-such-page');
  await buyer.setViewportSize({ width: 360, height: 800 });
  const problems: string[] = [];
  for (const pagePath of paths) {
    // Raw HTML as a stranger gets it, then as the buyer (the account pages).
    const raw = await (await fetch(`${base}${pagePath}`)).text();
    if (!raw.includes(STORE)) problems.push(`${pagePath}: server HTML without the store name`);
    const rawTrace = traceIn(withoutAssetNames(raw));
    if (rawTrace) problems.push(`${pagePath}: server HTML has ${rawTrace}`);
    await buyer.goto(pagePath);
    await buyer.waitForLoadState('networkidle');
    const rendered = withoutAssetNames(await buyer.content());
    if (!rendered.includes(STORE)) problems.push(`${pagePath}: rendered page without the store name`);
    const renderedTrace = traceIn(rendered);
    if (renderedTrace) problems.push(`${pagePath}: rendered page has ${renderedTrace}`);
    // The store's name is read whole in the header beside its logo (two lines at most, no ellipsis). A path that is
    // no page (/no-such-page) is the app's bare 404 page, without the storefront's header.
    const name = buyer.getByRole('banner').getByRole('link', { name: STORE });
    if (pagePath !== '/no-such-page') await expect(name, pagePath).toBeVisible();
    if (
      (await name.count()) > 0 &&
      (await name.evaluate((link) => {
        const text = link.querySelector('span');
        return !text || text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1;
      }))
    )
      problems.push(`${pagePath}: the store name is cut short in the header at 360`);
    const width = await buyer.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) problems.push(`${pagePath}: ${width} px wide at 360`);
    await buyer.screenshot({ path: test.info().outputPath(`360${pagePath.replace(/[/?=]/g, '_')}.png`), fullPage: true });
  }
  // robots.txt keeps crawlers off the admin's pages, whose paths are the product's (/postcode-testing), not the vendor's.
  const adminRules = new Set<string>(ADMIN_PAGE_PATHS.map((page) => `Disallow: ${page}`));
  for (const file of ['/sitemap.xml', '/robots.txt']) {
    const text = (await (await fetch(`${base}${file}`)).text())
      .split('\n')
      .filter((line) => !adminRules.has(line))
      .join('\n');
    const trace = traceIn(text);
    if (trace) problems.push(`${file} has ${trace}`);
  }
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  expect(sitemap).toContain(`${base}/plugin/${SLUG}`);
  expect(problems).toEqual([]);

  // The landing page names the vendor where a buyer looks first.
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.goto('/');
  await expect(buyer).toHaveTitle(`Home - ${STORE}`);
  await expect(buyer.getByRole('banner').getByRole('link', { name: STORE })).toBeVisible();
  await expect(buyer.getByRole('contentinfo').getByText(TAGLINE)).toBeVisible();
  await expect(buyer.getByRole('contentinfo').getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
  await expect(buyer.getByRole('heading', { name: 'Featured Plugins' })).toBeVisible();
  await expect(buyer.getByRole('heading', { name: PLUGIN })).toBeVisible();
  await expect(buyer.getByText('(1 review)').first()).toBeVisible();
  await buyer.screenshot({ path: test.info().outputPath('landing.png'), fullPage: true });
  // The trace check itself sees the demo vendor's texts.
  expect(traceIn('Premium WordPress Plugins for WooCommerce')).toBeDefined();
  expect(traceIn('★ 4.8 (156 reviews)')).toBeDefined();
  expect(traceIn('version 14.8.2, key 8022-AB12-CD34-EF56-GH78 or 8022-****-****-****-GH78')).toBeUndefined();
});
