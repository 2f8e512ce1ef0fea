import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createPlugin, startAdminApp } from '../../test/admin-app.js';
import type { AdminPlugin } from '../../../common/plugins.js';

const SLUG = 'faq-plugin';

// A plugin's use cases and FAQ (issue 25, docs/plugins.md "Storefront texts"): edited through the admin's plugin
// calls, checked with messages the admin page shows as they are, never half written.
describe(`plugin FAQ and use cases in the admin (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
    const created = await createPlugin(t, { slug: SLUG, name: 'FAQ Plugin' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ use_cases: [], faq: [] });
  });
  afterAll(async () => t.close());

  const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: payload as object });
  const detail = async () => (await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${SLUG}`, headers })).json<AdminPlugin>();

  it('saves the FAQ in the order sent, trimmed, and the use cases; the detail and the list answer them', async () => {
    const faq = [
      { question: ' Does it work with multisite? ', answer: 'Yes: one licence per site.\nNetwork activation works too.' },
      { question: 'Can I get a refund?', answer: 'Within 30 days.' },
    ];
    const response = await patch({ faq, use_cases: ['Florists', ' Bakeries '] });
    expect(response.statusCode).toBe(200);
    const expected = [
      { question: 'Does it work with multisite?', answer: 'Yes: one licence per site.\nNetwork activation works too.' },
      { question: 'Can I get a refund?', answer: 'Within 30 days.' },
    ];
    expect(response.json()).toMatchObject({ faq: expected, use_cases: ['Florists', 'Bakeries'] });
    expect(await detail()).toMatchObject({ faq: expected, use_cases: ['Florists', 'Bakeries'] });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/plugins', headers })).json<AdminPlugin[]>();
    expect(listed.find((plugin) => plugin.slug === SLUG)?.faq).toEqual(expected);

    // Reordered and one removed: the list replaces the old one whole.
    const reordered = await patch({ faq: [expected[1]] });
    expect(reordered.json<AdminPlugin>().faq).toEqual([expected[1]]);
    // A patch without `faq` keeps it.
    expect((await patch({ description: 'Short' })).json<AdminPlugin>().faq).toEqual([expected[1]]);
  });

  it.each([
    [{ faq: [{ question: ' ', answer: 'x' }] }, 'Question 1: FAQ questions cannot be empty'],
    [
      {
        faq: [
          { question: 'Fine?', answer: 'Yes' },
          { question: 'Why?', answer: '  ' },
        ],
      },
      'Question 2: FAQ answers cannot be empty: write the answer or remove the question',
    ],
    [{ faq: [{ question: 'q'.repeat(301), answer: 'a' }] }, 'Question 1: FAQ question must be at most 300 characters'],
    [{ faq: [{ question: 'Long?', answer: 'a'.repeat(5001) }] }, 'Question 1: FAQ answer must be at most 5000 characters'],
    [{ faq: [{ question: 'Only a question' }] }, 'Question 1: FAQ answer is required'],
    [{ faq: [{ question: 'Q', answer: 'A', extra: 1 }] }, 'Question 1: FAQ entries take only a question and an answer'],
    [{ faq: ['just text'] }, 'Question 1: FAQ entries must each have a question and an answer'],
    [{ faq: 'Q: A' }, 'FAQ must be a list of questions and answers'],
    [{ faq: Array.from({ length: 31 }, (_, index) => ({ question: `Q${index}?`, answer: 'A' })) }, 'At most 30 FAQ entries'],
    [
      {
        faq: [
          { question: 'Same?', answer: 'A' },
          { question: 'same?', answer: 'B' },
        ],
      },
      'Each FAQ question must be different',
    ],
    [{ use_cases: ['ok', ''] }, 'Use case lines cannot be empty'],
    [{ use_cases: Array.from({ length: 31 }, (_, index) => `Case ${index}`) }, 'At most 30 use cases'],
  ])('refuses a bad FAQ or use case list with 400 and the message %#, changing nothing', async (payload, message) => {
    const before = await detail();
    const response = await patch({ ...payload, name: 'Renamed by a refused patch' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    const after = await detail();
    expect([after.name, after.faq, after.use_cases]).toEqual([before.name, before.faq, before.use_cases]);
  });

  it('takes a FAQ when the plugin is created', async () => {
    const response = await createPlugin(t, { slug: 'faq-plugin-two', name: 'FAQ Plugin Two', faq: [{ question: 'Q?', answer: 'A.' }], use_cases: ['Shops'] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ faq: [{ question: 'Q?', answer: 'A.' }], use_cases: ['Shops'] });
  });
});
