// Keyset pages of the Outbox (issue 44, docs/big-shop.md): walking by next_cursor and back by prev_cursor gives every
// message once, newest first, as the numbered pages do, with and without filters; the total without a search is
// the count kept by 0080-email-counts' triggers, exact through inserts, changes of status or kind, and deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxList } from '../../../common/outbox.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { expectCursorRefused, expectKeysetWalk } from '../../test/keyset-walk.js';

const PER_PAGE = 4;

describe(`outbox keyset pages (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const list = async (query: string): Promise<OutboxList> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/outbox?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const counted = async (kind?: string, status?: string) => {
    let query = t.db.selectFrom('emails').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (kind) query = query.where('kind', '=', kind);
    if (status) query = query.where('status', '=', status);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    const at = new Date().toISOString();
    await t.db
      .insertInto('emails')
      .values(
        Array.from({ length: 19 }, (_, i) => ({
          to_address: `walker${i % 3}@outbox.example`,
          kind: i % 2 === 0 ? 'licence' : 'sign_in',
          order_id: null,
          dedupe_key: null,
          subject: `Message ${i}`,
          text: 'Hello',
          html: '<p>Hello</p>',
          status: i % 3 === 0 ? 'failed' : 'sent',
          attempts: 1,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  });
  afterAll(async () => t.close());

  for (const filter of ['', '&kind=licence', '&status=sent', '&search=walker1']) {
    it(`pages by cursor either way${filter ? ` (${filter.slice(1)})` : ''}`, async () => {
      const all = await list(`per_page=100${filter}`);
      expect(all.emails.length).toBeGreaterThan(PER_PAGE);
      await expectKeysetWalk(all.emails, PER_PAGE, async (page, cursor) => {
        const answer = await list(`page=${page}&per_page=${PER_PAGE}${filter}${cursor}`);
        expect(answer.total).toBe(all.total);
        return { ...answer, items: answer.emails };
      });
    });
  }

  it('totals without a search are the kept counts, exact through inserts, changes and deletes', async () => {
    const check = async () => {
      for (const [kind, status] of [[], ['licence'], [undefined, 'failed'], ['sign_in', 'sent']] as const) {
        const query = `${kind ? `&kind=${kind}` : ''}${status ? `&status=${status}` : ''}`;
        expect((await list(`page=1${query}`)).total, query).toBe(await counted(kind, status));
      }
    };
    await check();
    const [first, second] = await t.db.selectFrom('emails').select('id').orderBy('id').limit(2).execute();
    await t.db.updateTable('emails').set({ status: 'failed' }).where('id', '=', first!.id).execute();
    await t.db.updateTable('emails').set({ kind: 'sign_in', status: 'pending' }).where('id', '=', second!.id).execute();
    await t.db.updateTable('emails').set({ subject: 'Only the subject' }).execute();
    await check();
    await t.db.deleteFrom('emails').where('id', '=', first!.id).execute();
    await check();
    expect((await list('page=1')).total).toBe(18);
  });

  it('a cursor the Outbox did not give is a 400', async () => {
    const licences = Buffer.from(JSON.stringify(['2026-01-01', 1])).toString('base64url');
    const customers = Buffer.from(JSON.stringify([null, 1, 'customers:name'])).toString('base64url');
    await expectCursorRefused(t.app, headers, '/api/admin/outbox?page=2', [licences, customers]);
  });
});
