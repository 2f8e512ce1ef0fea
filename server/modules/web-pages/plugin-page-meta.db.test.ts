import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPlugin, PublicPluginDetails } from '../../../common/catalog.js';
import { makeImage } from '../../test/image-fixtures.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { closeWithWebDist, makeWebDist } from '../../test/web-dist.js';
import { addPluginImage, createPlugin, startAdminApp } from '../../test/admin-app.js';

const SLUG = 'meta-plugin';
const HOST = 'shop.example';
const ORIGIN = `http://${HOST}`;

const jsonLdOf = (html: string): Array<Record<string, unknown>> =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((found) => JSON.parse(found[1] ?? '{}') as Record<string, unknown>);
const initialOf = (html: string): Array<[unknown[], unknown]> =>
  JSON.parse(/<script id="initial-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '[]') as Array<[unknown[], unknown]>;
const ogImageOf = (html: string): string | undefined => /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];

// A plugin page's HTML as a crawler reads it (issue 25): its FAQ as schema.org FAQPage when it has one, the FAQ and
// changelog in the first view's data, and the banner as the link preview when there is no gallery image.
describe(`plugin page head: FAQ, details and banner (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const webDir = makeWebDist('pls-plugin-meta-');
  beforeAll(async () => {
    ({ t, headers } = await startAdminApp({ env: { WEB_DIST_DIR: webDir } }));
    const created = await createPlugin(t, { slug: SLUG, name: 'Meta Plugin', description: 'Short.' });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => closeWithWebDist(t, webDir));

  const page = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/plugin/${SLUG}`, headers: { host: HOST } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('writes no FAQPage while the plugin has no FAQ, and carries its (empty) details', async () => {
    const html = await page();
    expect(jsonLdOf(html).map((data) => data['@type'])).toEqual(['Organization', 'Product']);
    const details = initialOf(html).find(([key]) => key[0] === '/api/plugins' && key[1] === SLUG && key[2] === 'details')?.[1];
    expect(details).toEqual({ faq: [], changelog: [] });
    expect(ogImageOf(html)).toBeUndefined();
  });

  it('writes the FAQ as FAQPage, escaped, and the same details the API answers', async () => {
    const faq = [
      { question: 'Does </script><script>alert(1)</script> break it?', answer: 'No: it stays text.' },
      { question: 'Multisite?', answer: 'Yes.' },
    ];
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { faq } })).statusCode).toBe(200);
    const html = await page();
    const faqPage = jsonLdOf(html).find((data) => data['@type'] === 'FAQPage');
    expect(faqPage).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faq.map((entry) => ({ '@type': 'Question', name: entry.question, acceptedAnswer: { '@type': 'Answer', text: entry.answer } })),
    });
    expect(html).not.toContain('<script>alert(1)');
    const details = initialOf(html).find(([key]) => key[2] === 'details')?.[1] as PublicPluginDetails;
    expect(details).toEqual((await t.app.inject({ method: 'GET', url: `/api/plugins/${SLUG}/details` })).json());
    expect(details.faq).toEqual(faq);
  });

  it('uses the banner as og:image and the Product image while the plugin has no gallery image', async () => {
    const added = await addPluginImage(t, SLUG, { filename: 'banner.png', content: await makeImage('png', 772, 250) }, { type: 'banner' });
    expect(added.statusCode).toBe(201);
    const plugin = (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>().find((candidate) => candidate.slug === SLUG);
    const html = await page();
    expect(ogImageOf(html)).toBe(`${ORIGIN}${plugin?.banner?.url}`);
    expect(jsonLdOf(html).find((data) => data['@type'] === 'Product')?.image).toBe(`${ORIGIN}${plugin?.banner?.url}`);
  });
});
