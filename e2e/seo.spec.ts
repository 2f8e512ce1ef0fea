import { expect, test, type Page } from '@playwright/test';

// Search engines and link previews (docs/storefront.md): the server writes each page's head tags into the
// HTML; after a client navigation the web app must show the same tags the server would have sent for that URL.

const POSTCODE = 'postcode-delivery-zones';
const TAGS = ['description', 'robots', 'og:type', 'og:title', 'og:description', 'og:url', 'og:image'] as const;

type Head = { title: string; canonical: string | null } & Record<(typeof TAGS)[number], string | null>;

/** Title, canonical and the tags above, as the live document has them now. */
async function liveHead(page: Page): Promise<Head> {
  return page.evaluate(
    (keys) => {
      const value = (key: string) => document.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
      return {
        title: document.title,
        canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
        ...Object.fromEntries(keys.map((key) => [key, value(key)])),
      } as Head;
    },
    [...TAGS],
  );
}

/** The same, from the HTML the server sends for `path` (no JavaScript), read by the browser's own parser. */
async function serverHead(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  return page.evaluate(
    ({ source, keys }) => {
      const doc = new DOMParser().parseFromString(source, 'text/html');
      const value = (key: string) => doc.head.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
      return {
        title: doc.title,
        canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
        ...Object.fromEntries(keys.map((key) => [key, value(key)])),
      };
    },
    { source: html, keys: [...TAGS] },
  );
}

/** A client-side navigation (wouter listens to popstate), checked not to have reloaded the page. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return async () => expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test('following links updates the title, description and canonical without a reload', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveTitle('About - 8022 Plugins');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole('banner').getByRole('link', { name: 'Catalog', exact: true }).click();
  await expect(page).toHaveTitle('Catalog - 8022 Plugins');
  await page.getByRole('link', { name: 'Learn More about Postcode Delivery Zones' }).click();
  await expect(page).toHaveTitle('Postcode Delivery Zones - 8022 Plugins');
  const head = await liveHead(page);
  expect(head.canonical).toBe(new URL(`/plugin/${POSTCODE}`, page.url()).href);
  expect(head['og:type']).toBe('product');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test('after a client navigation every storefront page has the tags the server sends for it', async ({ page }) => {
  await page.goto('/privacy');
  for (const path of ['/', '/catalog', '/about', '/support', '/documentation', `/plugin/${POSTCODE}`, '/privacy', `/checkout/${POSTCODE}`]) {
    const notReloaded = await navigate(page, path);
    const expected = await serverHead(page, path);
    await expect(page).toHaveTitle(expected.title);
    await expect.poll(() => liveHead(page), { message: path }).toEqual(expected);
    await notReloaded();
  }
});

test('checkout is not for search engines: noindex and no canonical', async ({ page }) => {
  await page.goto('/catalog');
  await navigate(page, `/checkout/${POSTCODE}`);
  await expect.poll(async () => (await liveHead(page)).robots).toBe('noindex');
  expect((await liveHead(page)).canonical).toBeNull();
});
