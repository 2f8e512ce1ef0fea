import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorePage } from '../../../common/store-pages.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { storeRenderedHtml } from './store-pages.repository.js';

// Issue 37 point 5 (docs/storefront.md): a vendor page is rendered when it is saved; an anonymous request reads the
// stored HTML instead of rendering the Markdown again.
describe(`store pages are rendered when saved (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves the HTML rendered at save time, not a new render of the Markdown, for a 49,000-character page', async () => {
    const markdown = Array.from({ length: 680 }, (_, i) => `## Term ${i}\n\nThe *vendor* promises [item ${i}](https://example.com/${i}).\n`).join('\n');
    expect(markdown.length).toBeGreaterThan(49_000);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/pages/terms', headers: await t.adminHeaders(), payload: { markdown } });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.db.selectFrom('store_pages').select(['html']).where('slug', '=', 'terms').executeTakeFirstOrThrow();
    expect(stored.html).toContain('<h2>Term 679</h2>');
    expect(saved.json<StorePage>().html).toBe(stored.html);
    // Were the page rendered per request, the Markdown changed behind the service's back would show; it does not.
    await t.db.updateTable('store_pages').set({ markdown: '# Not rendered' }).where('slug', '=', 'terms').execute();
    const started = performance.now();
    const served = await t.app.inject({ method: 'GET', url: '/api/pages/terms' });
    const ms = performance.now() - started;
    expect(served.json<StorePage>().html).toBe(stored.html);
    expect(served.json<StorePage>().html).not.toContain('Not rendered');
    console.info(`GET /api/pages/terms (49,000 characters, stored HTML): ${ms.toFixed(1)} ms`);
  });

  it('renders a page stored without HTML (saved before 0037) once, stores it, then serves it from storage', async () => {
    const markdown = '## Refunds\n\nWithin *30 days*, no questions asked.';
    const row = { slug: 'refunds', title: 'Refund Policy', lead: '', markdown, faq: '[]', updated_at: '2025-01-02T03:04:05.000Z', html: null };
    await t.db.deleteFrom('store_pages').where('slug', '=', 'refunds').execute();
    await t.db.insertInto('store_pages').values(row).execute();

    const first = await t.app.inject({ method: 'GET', url: '/api/pages/refunds' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<StorePage>().html).toContain('<h2>Refunds</h2>');
    const stored = await t.db.selectFrom('store_pages').select(['html', 'markdown', 'updated_at']).where('slug', '=', 'refunds').executeTakeFirstOrThrow();
    expect(stored).toEqual({ html: first.json<StorePage>().html, markdown, updated_at: row.updated_at });

    // The second request reads the stored HTML: a Markdown changed behind the service's back does not show.
    await t.db.updateTable('store_pages').set({ markdown: '# Rendered again' }).where('slug', '=', 'refunds').execute();
    const second = await t.app.inject({ method: 'GET', url: '/api/pages/refunds' });
    expect(second.json<StorePage>().html).toBe(stored.html);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers: await t.adminHeaders() });
    expect(listed.json<StorePage[]>().find((page) => page.slug === 'refunds')?.html).toBe(stored.html);
  });

  it('a lazy render whose Markdown was changed by a save in between stores nothing over that save', async () => {
    await t.db.deleteFrom('store_pages').where('slug', '=', 'privacy').execute();
    const row = { slug: 'privacy', title: 'Privacy', lead: '', markdown: 'new text', faq: '[]', updated_at: '2025-01-02T03:04:05.000Z', html: null };
    await t.db.insertInto('store_pages').values(row).execute();
    await storeRenderedHtml(t.db, { slug: 'privacy', markdown: 'old text' }, '<p>old text</p>');
    expect((await t.db.selectFrom('store_pages').select('html').where('slug', '=', 'privacy').executeTakeFirstOrThrow()).html).toBeNull();
    await storeRenderedHtml(t.db, { slug: 'privacy', markdown: 'new text' }, '<p>new text</p>');
    await storeRenderedHtml(t.db, { slug: 'privacy', markdown: 'new text' }, '<p>a second render</p>');
    expect((await t.db.selectFrom('store_pages').select('html').where('slug', '=', 'privacy').executeTakeFirstOrThrow()).html).toBe('<p>new text</p>');
  });
});
