import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorePage } from '../../../common/store-pages.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';

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
});
