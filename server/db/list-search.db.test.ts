// The Customers, Orders and Outbox searches through their trigram indexes (0065-list-search) at a small size: found
// by any part of three characters or more, kept current as rows change, and the index is what answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.js';

const postgres = testDialect() === 'postgres';
const at = '2026-03-01T10:00:00.000Z';

describe(`list searches through trigram indexes (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    const license = await t.db
      .insertInto('licenses')
      .values({
        key: '8022-TRGM-ABCD-EFGH-0001',
        plugin_slug: 'postcode-delivery-zones',
        plan: 'lifetime',
        status: 'active',
        max_activations: 3,
        expires_at: null,
        customer_email: 'ada.lovelace@analytical.example',
        order_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('orders')
      .values({
        email: 'ada.lovelace@analytical.example',
        plugin_slug: 'postcode-delivery-zones',
        amount: 4900,
        currency: 'GBP',
        status: 'paid',
        provider: 'test',
        provider_ref: 'trgm-1',
        license_id: license.id,
        created_at: at,
        paid_at: at,
        updated_at: at,
      })
      .execute();
    // search_text is kept by the customers module (customer-summary.repository.ts); not in the table's type.
    await sql`insert into customers (email, name, first_purchase_at, last_purchase_at, order_count, license_count, total_paid, currencies, search_text, created_at, updated_at)
      values ('ada.lovelace@analytical.example', 'Ada Lovelace', ${at}, ${at}, 1, 1, 4900, 'GBP', 'ada.lovelace@analytical.example ada lovelace 8022-trgm-abcd-efgh-0001', ${at}, ${at})`.execute(
      t.db,
    );
    await t.db
      .insertInto('emails')
      .values({
        to_address: 'Ada.Lovelace@Analytical.example',
        kind: 'licence',
        order_id: null,
        dedupe_key: null,
        subject: 'Key',
        text: 'k',
        html: 'k',
        status: 'sent',
        attempts: 1,
        created_at: at,
        updated_at: at,
        sent_at: at,
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds a customer, an order and an e-mail by part of the address or key, and follows changes', async () => {
    expect((await get('/api/admin/customers?search=LOVELACE@ANALY')).total).toBe(1);
    expect((await get('/api/admin/customers?search=trgm-abcd')).total).toBe(1);
    expect(await get('/api/admin/orders?search=velace@')).toHaveLength(1);
    expect(await get('/api/admin/orders?search=TRGMABCD')).toHaveLength(1);
    expect(await get('/api/admin/orders?search=trgm-abcd-e')).toHaveLength(1);
    expect((await get('/api/admin/outbox?search=lovelace@an')).total).toBe(1);

    await sql`update customers set search_text = 'grace@navy.example grace hopper'`.execute(t.db);
    await t.db.updateTable('orders').set({ email: 'grace@navy.example' }).execute();
    await t.db.updateTable('emails').set({ to_address: 'grace@navy.example' }).execute();
    expect((await get('/api/admin/customers?search=lovelace')).total).toBe(0);
    expect((await get('/api/admin/customers?search=hopper')).total).toBe(1);
    expect(await get('/api/admin/orders?search=lovelace')).toHaveLength(0);
    expect(await get('/api/admin/orders?search=ce@nav')).toHaveLength(1);
    expect((await get('/api/admin/outbox?search=lovelace')).total).toBe(0);
    expect((await get('/api/admin/outbox?search=ce@nav')).total).toBe(1);
    // Two characters: no trigram; a plain scan still finds.
    expect((await get('/api/admin/outbox?search=ce')).total).toBe(1);

    await t.db.deleteFrom('emails').execute();
    expect((await get('/api/admin/outbox?search=ce@nav')).total).toBe(0);
    expect((await get('/api/admin/outbox')).kinds).toEqual([]);
  });

  it.runIf(postgres)('keeps each recipient address once, and forgets one no message has any more (0086)', async () => {
    const recipients = async () =>
      (await sql<{ address: string }>`select address from email_recipients order by address`.execute(t.db)).rows.map((row) => row.address);
    const at = new Date().toISOString();
    const message = (to_address: string) => ({
      to_address,
      kind: 'receipt',
      order_id: null,
      dedupe_key: null,
      subject: 's',
      text: 't',
      html: 'h',
      status: 'sent',
      attempts: 1,
      created_at: at,
      updated_at: at,
    });
    const ids = (
      await t.db
        .insertInto('emails')
        .values([message('Kept@Recipients.example'), message('kept@recipients.example'), message('Gone@Recipients.example')])
        .returning('id')
        .execute()
    ).map((row) => row.id);
    expect(await recipients()).toEqual(expect.arrayContaining(['kept@recipients.example', 'gone@recipients.example']));
    // One of two messages to an address goes: the address stays; its last one goes: so does the address.
    await t.db.deleteFrom('emails').where('id', '=', ids[0]!).execute();
    expect(await recipients()).toContain('kept@recipients.example');
    // An erasure rewrites the address: the old one is no longer searchable, the new one is.
    await t.db.updateTable('emails').set({ to_address: 'erased@recipients.example' }).where('id', '=', ids[2]!).execute();
    expect(await recipients()).not.toContain('gone@recipients.example');
    expect((await get('/api/admin/outbox?search=gone@recip')).total).toBe(0);
    expect((await get('/api/admin/outbox?search=erased@recip')).total).toBe(1);
    await t.db.deleteFrom('emails').where('id', 'in', ids.slice(1)).execute();
    expect(await recipients()).not.toEqual(expect.arrayContaining(['kept@recipients.example']));
    expect(await recipients()).not.toContain('erased@recipients.example');
  });

  it('answers from the trigram indexes, and lists the outbox kinds from the (kind, id) index', async () => {
    if (postgres) {
      for (const [table, expression, index] of [
        ['customers', 'search_text', 'customers_search_text_trgm'],
        ['orders', 'lower(email)', 'orders_email_trgm'],
        ['email_recipients', 'address', 'email_recipients_trgm'],
      ]) {
        let text = '';
        await t.db
          .transaction()
          .execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            // Only the trigram index can answer a LIKE with a leading wildcard; the expression index on lower(…) could
            // be read whole, so it goes for the length of this rolled-back transaction.
            for (const other of ['orders_email_lower', 'emails_to_address_lower']) await sql.raw(`drop index if exists ${other}`).execute(trx);
            text = JSON.stringify((await sql.raw(`explain select 1 from ${table} where ${expression} like '%opper%'`).execute(trx)).rows);
            throw new Error('roll back');
          })
          .catch(() => undefined);
        expect(text, table).toContain(index);
      }
    } else {
      for (const table of ['customer_search', 'order_search', 'email_search']) {
        const plan = JSON.stringify((await sql.raw(`explain query plan select rowid from ${table} where ${table} match '"opper"'`).execute(t.db)).rows);
        expect(plan, table).toContain('VIRTUAL TABLE INDEX');
      }
    }
    const kinds = JSON.stringify((await sql.raw(`explain ${postgres ? '' : 'query plan '}select min(kind) from emails where kind > 'a'`).execute(t.db)).rows);
    expect(kinds).toContain('emails_kind_id');
  });
});
