import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPlugin } from '../../../common/catalog.js';
import type { PluginImage } from '../../../common/images.js';
import { DEMO_STORE_IDENTITY } from '../../../common/store-identity.js';
import { makeImage } from '../../test/image-fixtures.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { closeWithWebDist, makeWebDist } from '../../test/web-dist.js';
import { addPluginImage } from '../../test/admin-app.js';

const STORE_TAGLINE = DEMO_STORE_IDENTITY.tagline;

// The HTML a crawler or a link preview reads (no JavaScript): per-page head tags, the first view's data,
// the sitemap and robots.txt. The template is the real web/index.html, as the build keeps it.

const SLUG = 'postcode-delivery-zones';
const HOST = 'shop.example';
const ORIGIN = `http://${HOST}`;

/** The tags of a page's <head> as a crawler reads them. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (pattern: RegExp) => pattern.exec(head)?.[1];
  const meta = (key: string) => attr(new RegExp(`<meta (?:name|property)="${key.replace(':', '\\:')}" content="([^"]*)"`));
  const initial = /<script id="initial-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    head,
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    titles: head.match(/<title>/g)?.length ?? 0,
    description: meta('description'),
    robots: meta('robots'),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    og: { title: meta('og:title'), description: meta('og:description'), url: meta('og:url'), type: meta('og:type'), image: meta('og:image') },
    initialRaw: initial,
    initial: initial === undefined ? undefined : (JSON.parse(initial) as Array<[unknown[], unknown]>),
  };
}

describe(`page head, sitemap and robots (${testDialect()})`, () => {
  let t: TestApp;
  let imageUrl: string;
  const webDir = makeWebDist('pls-meta-');
  beforeAll(async () => {
    // Vite's manifest, as the build writes it (vite.config.ts `manifest: true`), for the chunk preloads.
    fs.mkdirSync(path.join(webDir, '.vite'));
    fs.writeFileSync(
      path.join(webDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
        '_react-1.js': { file: 'assets/react-1.js' },
        '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'] },
        'features/storefront/pages/catalog-page.tsx': { file: 'assets/catalog-page-1.js', imports: ['_react-1.js', 'index.html', '_card-1.js'] },
      }),
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
    // One uploaded image for the postcode plugin: it becomes the primary (the first gallery image always does).
    const hero = { filename: 'hero.png', content: await makeImage('png', 1200, 630), contentType: 'image/png' };
    const created = await addPluginImage(t, SLUG, hero, { type: 'hero', caption: 'Zones on a map' });
    expect(created.statusCode).toBe(201);
    imageUrl = created.json<PluginImage>().url;
  });
  afterAll(async () => closeWithWebDist(t, webDir));

  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { host: HOST } });
    return { status: response.statusCode, ...readHead(response.body), response };
  };

  it('writes the landing page title, description, canonical and Open Graph tags, and its catalogue, into the HTML', async () => {
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(landing.titles).toBe(1);
    expect(landing.title).toBe('Home - 8022 Plugins');
    expect(landing.description).toBe(STORE_TAGLINE);
    expect(landing.canonical).toBe(`${ORIGIN}/`);
    expect(landing.robots).toBeUndefined();
    expect(landing.og).toMatchObject({ title: 'Home - 8022 Plugins', description: STORE_TAGLINE, url: `${ORIGIN}/`, type: 'website' });
    const [key, catalog] = landing.initial?.[0] ?? [];
    expect(key).toEqual(['/api/plugins/public']);
    // The same list the API answers, primary image included: the client makes no call for its first view.
    expect(catalog).toEqual((await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json());
    expect((catalog as PublicPlugin[]).find((plugin) => plugin.slug === SLUG)?.primary_image?.url).toBe(imageUrl);
    // /home is the same page: one canonical address.
    expect((await page('/home')).canonical).toBe(`${ORIGIN}/`);
  });

  it('writes the catalogue page tags; a query string does not change its canonical address', async () => {
    const catalog = await page('/catalog?category=shipping');
    expect(catalog.status).toBe(200);
    expect(catalog.title).toBe('Catalog - 8022 Plugins');
    expect(catalog.description).toBe('Browse the WordPress plugins of 8022 Plugins.');
    expect(catalog.canonical).toBe(`${ORIGIN}/catalog`);
    expect(catalog.og.url).toBe(`${ORIGIN}/catalog`);
    expect(catalog.initial?.map(([key]) => key)).toEqual([['/api/plugins/public'], ['/api/checkout/config'], ['/api/storefront']]);
    for (const [url, title] of [
      ['/about', 'About - 8022 Plugins'],
      ['/support', 'Support - 8022 Plugins'],
      ['/documentation', 'Documentation - 8022 Plugins'],
      ['/privacy', 'Privacy Policy - 8022 Plugins'],
    ] as const) {
      const other = await page(url);
      expect([other.status, other.title, other.canonical]).toEqual([200, title, `${ORIGIN}${url}`]);
      // Every storefront page carries the checkout config, for the TEST MODE bar at the first paint, the store identity
      // and its own text.
      const slug = url === '/about' || url === '/support' || url === '/documentation' || url === '/privacy' ? url.slice(1) : '';
      expect(other.initial).toEqual([
        [['/api/checkout/config'], (await t.app.inject({ method: 'GET', url: '/api/checkout/config' })).json()],
        [['/api/storefront'], (await t.app.inject({ method: 'GET', url: '/api/storefront' })).json()],
        [['/api/pages', slug], (await t.app.inject({ method: 'GET', url: `/api/pages/${slug}` })).json()],
      ]);
    }
  });

  it('writes a plugin page with its name, description, og:image and its gallery', async () => {
    const plugin = (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>().find((candidate) => candidate.slug === SLUG);
    const result = await page(`/plugin/${SLUG}`);
    expect(result.status).toBe(200);
    expect(result.title).toBe(`${plugin?.name} - 8022 Plugins`);
    expect(result.description).toBe(plugin?.description);
    expect(result.canonical).toBe(`${ORIGIN}/plugin/${SLUG}`);
    expect(result.og).toMatchObject({ type: 'product', url: `${ORIGIN}/plugin/${SLUG}`, image: `${ORIGIN}${imageUrl}` });
    expect(result.head).toContain('<meta property="og:image:alt" content="Zones on a map" />');
    expect(result.head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const images = result.initial?.find(([key]) => key[0] === '/api/plugins' && key[1] === SLUG)?.[1] as PluginImage[];
    expect(images.map((image) => image.url)).toEqual([imageUrl]);
  });

  it("preloads the page's own chunks (not those the main bundle loads), so they download beside it", async () => {
    const preloads = (head: string) => [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((match) => match[1]);
    expect(preloads((await page('/catalog')).head)).toEqual(['/assets/catalog-page-1.js', '/assets/card-1.js']);
    expect(preloads((await page('/about')).head)).toEqual([]);
    expect(preloads((await page('/no-such-page')).head)).toEqual([]);
  });

  it('uses the base URL setting for absolute addresses when one is set', async () => {
    const base = await createTestApp({ env: { WEB_DIST_DIR: webDir, BASE_URL: 'https://plugins.example.com' } });
    try {
      const body = (await base.app.inject({ method: 'GET', url: '/catalog', headers: { host: HOST } })).body;
      expect(readHead(body).canonical).toBe('https://plugins.example.com/catalog');
      const sitemap = (await base.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: HOST } })).body;
      expect(sitemap).toContain('<loc>https://plugins.example.com/catalog</loc>');
      expect(sitemap).not.toContain(HOST);
    } finally {
      await base.close();
    }
  });

  it('escapes a hostile plugin name and description in the tags and in the inline data', async () => {
    const name = `</title><script>alert(1)</script> & "Zones" $& 'x'`;
    const description = `Ends the data early </script><!-- <script>alert(2)</script>`;
    const original = await t.db.selectFrom('plugins').select(['name', 'description']).where('slug', '=', SLUG).executeTakeFirstOrThrow();
    await t.db.updateTable('plugins').set({ name, description }).where('slug', '=', SLUG).execute();
    try {
      const result = await page(`/plugin/${SLUG}`);
      expect(result.status).toBe(200);
      expect(result.title).toBe('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Zones&quot; $&amp; &#39;x&#39; - 8022 Plugins');
      expect(result.og.description).toBe('Ends the data early &lt;/script&gt;&lt;!-- &lt;script&gt;alert(2)&lt;/script&gt;');
      // The only <script> elements are the inline data, the store's and the plugin's JSON-LD and the app's own module script.
      expect(result.response.body.match(/<script/gi)?.length).toBe(4);
      expect(result.initialRaw).not.toContain('<');
      const jsonLd = [...result.response.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((found) => found[1] ?? '');
      expect(jsonLd).toHaveLength(2);
      for (const raw of jsonLd) expect(raw).not.toContain('<');
      expect((JSON.parse(jsonLd[1] ?? '') as { name: string }).name).toBe(name);
      const plugin = (result.initial?.[0]?.[1] as PublicPlugin[]).find((candidate) => candidate.slug === SLUG);
      expect([plugin?.name, plugin?.description]).toEqual([name, description]);
    } finally {
      await t.db.updateTable('plugins').set(original).where('slug', '=', SLUG).execute();
    }
  });

  it('answers 404 with noindex for unknown paths, unknown and inactive plugins', async () => {
    const unknown = await page('/no-such-page');
    expect([unknown.status, unknown.title, unknown.robots, unknown.canonical, unknown.og.url]).toEqual([
      404,
      'Page Not Found - 8022 Plugins',
      'noindex',
      undefined,
      undefined,
    ]);
    // Issue 40: a mistyped shop address is the store's 404 page, not the admin's login; the admin's pages are unchanged.
    for (const path of ['/contact', '/pricing']) {
      const mistyped = await page(path);
      expect([mistyped.status, mistyped.title]).toEqual([404, 'Page Not Found - 8022 Plugins']);
      expect(mistyped.initial?.some(([key]) => key[0] === '/api/storefront')).toBe(true);
    }
    for (const path of ['/licenses', '/admin', '/postcode-testing'])
      expect([(await page(path)).status, (await page(path)).title]).toEqual([200, 'Licensing Admin Dashboard']);
    const noPlugin = await page('/plugin/no-such-plugin');
    expect([noPlugin.status, noPlugin.title, noPlugin.robots, noPlugin.canonical]).toEqual([404, 'Plugin Not Found - 8022 Plugins', 'noindex', undefined]);
    await t.db.updateTable('plugins').set({ active: 0 }).where('slug', '=', 'ucre').execute();
    try {
      expect((await page('/plugin/ucre')).status).toBe(404);
      expect((await page('/plugin/ucre')).title).toBe('Plugin Not Found - 8022 Plugins');
    } finally {
      await t.db.updateTable('plugins').set({ active: 1 }).where('slug', '=', 'ucre').execute();
    }
  });

  it('keeps checkout, the purchase result and admin pages out of search results (noindex, no canonical)', async () => {
    for (const [url, title] of [
      [`/checkout/${SLUG}`, 'Checkout - 8022 Plugins'],
      ['/purchase/success?plugin=ucre', 'Your Order - 8022 Plugins'],
      ['/licenses', 'Licensing Admin Dashboard'],
    ] as const) {
      const result = await page(url);
      expect([result.status, result.title, result.robots, result.canonical, result.og.url]).toEqual([200, title, 'noindex', undefined, undefined]);
    }
  });

  it('lists the static pages and every active plugin in sitemap.xml, as absolute URLs', async () => {
    await t.db.updateTable('plugins').set({ active: 0 }).where('slug', '=', 'ucre').execute();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: HOST } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
      expect(locations).toEqual([
        ...['/', '/catalog', '/about', '/support', '/documentation', '/privacy', '/terms', '/refund-policy'].map((page) => `${ORIGIN}${page}`),
        `${ORIGIN}/plugin/${SLUG}`,
      ]);
    } finally {
      await t.db.updateTable('plugins').set({ active: 1 }).where('slug', '=', 'ucre').execute();
    }
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: HOST } })).body).toContain(`<loc>${ORIGIN}/plugin/ucre</loc>`);
  });

  it('names the sitemap in robots.txt with an absolute URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: HOST } });
    expect(response.body.split('\n')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
