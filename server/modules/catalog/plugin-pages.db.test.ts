import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPluginDetailsSchema, publicPluginListSchema, type PublicPlugin, type PublicPluginDetails } from '../../../common/catalog.js';
import { makeImage } from '../../test/image-fixtures.js';
import { makePluginZip } from '../../test/release-test-helpers.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { addPluginImage, createPlugin, startAdminApp, uploadRelease } from '../../test/admin-app.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { seedDemoRelease } from '../releases/index.js';

const SLUG = 'page-plugin';

const readme = (changelog: string) => `=== Page Plugin ===\nStable tag: 2.0.0\n\nA plugin.\n\n== Changelog ==\n\n${changelog}\n`;

// The plugin page's data (issue 25, docs/storefront.md "Plugin pages"): the icon and banner in the public catalogue,
// and GET /api/plugins/{slug}/details with the FAQ and the changelog of the releases' readmes.
describe(`plugin pages: artwork, FAQ and changelog (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
    const created = await createPlugin(t, { slug: SLUG, name: 'Page Plugin' });
    expect(created.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  const addImage = async (type: string, width: number, height: number) => {
    const created = await addPluginImage(t, SLUG, { filename: 'art.png', content: await makeImage('png', width, height) }, { type });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: number }>();
  };
  const upload = async (version: string, changelog: string | null, channel = 'stable') => {
    const zip = await makePluginZip(SLUG, version, 0, changelog === null ? undefined : readme(changelog));
    const response = await uploadRelease(t, { plugin_slug: SLUG, version, channel }, zip);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; created_at: string }>();
  };
  const catalogEntry = async (slug = SLUG): Promise<PublicPlugin | undefined> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plugins/public' });
    return publicPluginListSchema.parse(response.json()).find((plugin) => plugin.slug === slug);
  };
  const details = async (slug = SLUG): Promise<PublicPluginDetails> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/plugins/${slug}/details` });
    expect(response.statusCode, response.body).toBe(200);
    return publicPluginDetailsSchema.parse(response.json());
  };

  it('answers no icon, banner, FAQ or changelog for a plugin without them', async () => {
    expect(await catalogEntry()).toMatchObject({ icon: null, banner: null, primary_image: null });
    expect(await details()).toEqual({ faq: [], changelog: [] });
  });

  it("carries the plugin's icon and banner in the catalogue as WebP variants with their size", async () => {
    await addImage('icon', 256, 256);
    await addImage('banner', 772, 250);
    const plugin = await catalogEntry();
    expect(plugin?.icon).toEqual({
      url: expect.stringMatching(/^\/media\/images\/[0-9a-f]{32}-256w\.webp$/),
      srcset: expect.stringMatching(/^\/media\/images\/[0-9a-f]{32}-256w\.webp 256w$/),
      width: 256,
      height: 256,
    });
    expect(plugin?.banner).toMatchObject({ url: expect.stringMatching(/-772w\.webp$/), width: 772, height: 250 });
    expect(plugin?.banner?.srcset).toMatch(/-480w\.webp 480w, \/media\/images\/[0-9a-f]{32}-772w\.webp 772w$/);
    // Each variant is served.
    for (const url of [plugin?.icon?.url, plugin?.banner?.url]) {
      const served = await t.app.inject({ method: 'GET', url: url ?? '' });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
    }
    // Artwork never becomes the card's primary image; other plugins have none.
    expect(plugin?.primary_image).toBeNull();
    expect(await catalogEntry(POSTCODE_PLUGIN_SLUG)).toMatchObject({ icon: null, banner: null });
  });

  it("answers the plugin's FAQ in its order, as the admin saved it", async () => {
    const faq = [
      { question: 'Does it work with <script>?', answer: 'Plain text: <b>never HTML</b>.' },
      { question: 'Refunds?', answer: 'Within 30 days.' },
    ];
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { faq } })).statusCode).toBe(200);
    expect((await details()).faq).toEqual(faq);
  });

  it("builds the changelog from the offered stable releases' readmes, newest first, rendered safely", async () => {
    const first = await upload('1.0.0', '= 1.0.0 =\n* First release.');
    const second = await upload(
      '1.1.0',
      [
        '= 1.1.0 =',
        '* Faster checks, see [the docs](https://example.com/docs).',
        '* <script>alert(1)</script> and [a trap](javascript:alert(2))',
        '',
        '= 1.0.0 =',
        '* First release.',
      ].join('\n'),
    );
    await upload('2.0.0', '= 2.0.0 =\n* Beta only.', 'beta');
    const withdrawn = await upload('1.2.0', '= 1.2.0 =\n* Withdrawn.\n\n= 1.1.0 =\n* Faster checks.');
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${withdrawn.id}/withdraw`, headers })).statusCode).toBe(200);

    const { changelog } = await details();
    expect(changelog.map((entry) => [entry.version, entry.date])).toEqual([
      ['1.1.0', second.created_at],
      ['1.0.0', first.created_at],
    ]);
    const html = changelog[0]?.html ?? '';
    expect(html).toContain('<ul>');
    expect(html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer nofollow">the docs</a>');
    // Raw HTML stays text and a javascript: address makes no link (common/markdown.ts).
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/href="javascript/i);
    expect(changelog[1]?.html).toBe('<ul>\n<li>First release.</li>\n</ul>');
  });

  it("keeps entries only an older readme has, and takes a readme without headings as its release's notes", async () => {
    await upload('1.3.0', '* Notes without a heading.');
    const { changelog } = await details();
    expect(changelog.map((entry) => entry.version)).toEqual(['1.3.0', '1.1.0', '1.0.0']);
    expect(changelog[0]?.html).toBe('<ul>\n<li>Notes without a heading.</li>\n</ul>');
  });

  it('answers the demo plugin its specification changelog entry: 1.7.51, dated 2025-09-18', async () => {
    expect(await seedDemoRelease(t.ctx)).toBe(true); // as a start with SEED_DEMO does (server/main.ts)
    const { changelog } = await details(POSTCODE_PLUGIN_SLUG);
    expect(changelog[0]).toMatchObject({ version: '1.7.51', date: '2025-09-18T00:00:00.000Z' });
    expect(changelog[0]?.html).toContain('Sector pricing, weekend surcharges and faster bulk postcode checks.');
  });

  it('answers 404 for an unknown or retired plugin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins/no-such-plugin/details' })).statusCode).toBe(404);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { retired: true } });
    const retired = await t.app.inject({ method: 'GET', url: `/api/plugins/${SLUG}/details` });
    expect([retired.statusCode, retired.json<{ message: string }>().message]).toEqual([404, `No plugin with slug "${SLUG}"`]);
    await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { retired: false } });
  });
});
