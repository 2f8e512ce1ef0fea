import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorePage } from '../../../common/store-pages.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';

// The vendor's text pages (issue 25): Markdown saved in the admin, served rendered and inert, "Last updated" kept.

describe(`store pages (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  const get = async (slug: string) => t.app.inject({ method: 'GET', url: `/api/pages/${slug}` });
  const put = (slug: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/pages/${slug}`, headers, payload });

  it("serves the demo shop's pages with the specification's texts", async () => {
    const privacy = (await get('privacy')).json<StorePage>();
    expect(privacy).toMatchObject({ title: 'Privacy Policy', updated_at: '2025-09-01T00:00:00.000Z' });
    expect(privacy.html).toContain('<h2>What we collect</h2>');
    const support = (await get('support')).json<StorePage>();
    expect(support.faq.map((entry) => entry.question)).toEqual([
      'How do I install the plugin?',
      'Can I use the plugin on multiple sites?',
      'How do updates work?',
      'Can I customise the plugin?',
    ]);
    expect((await get('documentation')).json<StorePage>().html).toMatch(/\(5 minutes\)[\s\S]*\(2 minutes\)[\s\S]*\(10 minutes\)/);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/pages', headers })).json<StorePage[]>();
    expect(list.map((page) => page.slug)).toEqual(['about', 'documentation', 'support', 'privacy', 'terms', 'refunds']);
  });

  it('saves Markdown, renders it inert and moves "Last updated" to now', async () => {
    const before = Date.now();
    const saved = await put('about', {
      title: 'About Acme',
      markdown: '## Hi\n\n<script>alert(1)</script> [x](javascript:alert(2)) [ok](https://acme.example)',
    });
    expect(saved.statusCode).toBe(200);
    const page = saved.json<StorePage>();
    // The refused link stays as its plain text (markdown-it keeps a link it will not make as written): inert.
    expect(page.html).toBe(
      '<h2>Hi</h2>\n<p>&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(2)) <a href="https://acme.example" rel="noopener noreferrer nofollow">ok</a></p>',
    );
    expect(Date.parse(page.updated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await get('about')).json()).toEqual(page);
  });

  it('answers bad input with a 4xx and a message, changing nothing', async () => {
    const before = (await get('support')).json<StorePage>();
    for (const [slug, payload, status, message] of [
      ['support', { title: '' }, 400, /title must not be empty/],
      ['support', { faq: [{ question: 'Q', answer: '' }] }, 400, /answer must not be empty/],
      ['support', { markdown: 'x'.repeat(50_001) }, 400, /at most 50,000 characters/],
      ['support', { html: '<b>' }, 400, /html|Unrecognized/i],
      ['nope', { title: 'x' }, 400, /must be one of/],
    ] as const) {
      const response = await put(slug, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect((await get('support')).json()).toEqual(before);
    expect((await get('nope')).statusCode).toBe(400);
  });

  it('shows neutral, empty pages on a shop without the demo', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const about = (await empty.app.inject({ method: 'GET', url: '/api/pages/about' })).json<StorePage>();
      expect(about).toEqual({ slug: 'about', title: 'About', lead: '', markdown: '', html: '', faq: [], updated_at: null });
    } finally {
      await empty.close();
    }
  });
});
