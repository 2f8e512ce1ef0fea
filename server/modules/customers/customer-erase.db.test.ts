import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createAppWithEndpoint, lemonSqueezyOrderPaid, maxId } from '../../test/shop-fixtures.js';
import type { CustomerList } from '../../../common/customers.js';
import type { Order } from '../../../common/orders.js';

// Issue 37 point 3: erase means erased (docs/customers.md, "Erase"). After an e-mail change, an erase leaves
// neither the current nor the former address, nor the name, in any row of any table; the events it causes carry
// none; an abandoned checkout does not block it, a recent one does until the admin cancels it.
const PLUGIN = 'postcode-delivery-zones';
const OLD = 'Ann.Old@example.com';
const NEW = 'ann.new@example.com';
const NAME = 'Annabel Erasmus';

describe(`erase forgets (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ t, headers } = await createAppWithEndpoint());
  });
  afterAll(async () => t.close());

  const admin = (url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const customerId = async (email: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/customers?search=${encodeURIComponent(email)}`, headers }))
      .json<CustomerList>()
      .customers.find((customer) => customer.email === email)?.id;
  const pendingOrder = async (ref: string, createdAt: string) =>
    (
      await t.db
        .insertInto('orders')
        .values({
          email: NEW,
          plugin_slug: PLUGIN,
          amount: 4900,
          currency: 'GBP',
          status: 'pending',
          provider: 'test',
          provider_ref: ref,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** Every row of every table that mentions one of `needles` (any case), as `table: row`. */
  const mentioning = async (needles: string[]) => {
    const found: string[] = [];
    for (const table of await t.db.introspection.getTables()) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.db).then((result) => result.rows);
      for (const row of rows) {
        const text = JSON.stringify(row).toLowerCase();
        if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.push(`${table.name}: ${text.slice(0, 200)}`);
      }
    }
    return found;
  };

  it('cancels a pending order from the admin (409 for an order not pending)', async () => {
    const paid = { orderId: await lemonSqueezyOrderPaid(t.ctx, 'erase-1', { email: OLD, pluginSlug: PLUGIN }) };
    const refused = await admin(`/api/admin/orders/${paid.orderId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/is paid; only an order waiting for payment can be cancelled \(refund it instead\)/);
    expect((await admin('/api/admin/orders/999999/cancel')).statusCode).toBe(404);
  });

  it('erases every trace of the current and former addresses and the name, in one go', async () => {
    const id = (await customerId(OLD.toLowerCase())) as number;
    expect(id).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/customers/${id}`, headers, payload: { name: NAME } })).statusCode).toBe(200);
    const changed = await admin(`/api/admin/customers/${id}/change-email`, { email: NEW });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin(`/api/admin/customers/${id}/send-sign-in-link`)).statusCode).toBe(200);
    // The former address is still held in e-mails, activities and webhook deliveries before the erase.
    expect((await mentioning([OLD])).length).toBeGreaterThan(3);

    // A recent pending checkout blocks the erase until the admin cancels it; an abandoned one (2 days old) does not.
    const abandoned = await pendingOrder('erase-abandoned', new Date(Date.now() - 2 * 86_400_000).toISOString());
    const recent = await pendingOrder('erase-recent', new Date().toISOString());
    const blocked = await admin(`/api/admin/customers/${id}/erase`, { licenses: 'revoke' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json<{ message: string }>().message).toMatch(/cancel the pending order on the Orders page/);
    const cancelled = await admin(`/api/admin/orders/${recent}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>().status).toBe('cancelled');
    expect((await admin(`/api/admin/orders/${recent}/cancel`)).statusCode).toBe(409);
    const deliveriesBefore = await maxId(t.db, 'webhook_deliveries');

    const erased = await admin(`/api/admin/customers/${id}/erase`, { licenses: 'revoke' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await mentioning([OLD, NEW, NAME])).toEqual([]);
    // The audit log's entries that named the customer were redacted, and its hash chain still verifies (it chains
    // each entry's content digest, not the content); the erase's own entry keeps who and when, not what it read.
    const redacted = await t.db.selectFrom('audit_log').select('id').where('redacted_at', 'is not', null).execute();
    expect(redacted.length).toBeGreaterThan(0);
    const verified = await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers });
    expect(verified.json()).toMatchObject({ valid: true, problem: null });
    const order = await t.db.selectFrom('orders').select(['status', 'email']).where('id', '=', abandoned).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'cancelled', email: `erased-customer-${id}@invalid` });
    // The erase's own events name nobody: the licence's revocation carries no owner.
    const caused = await t.db.selectFrom('webhook_deliveries').select(['event_type', 'body']).where('id', '>', deliveriesBefore).execute();
    expect(caused.map((row) => row.event_type).sort()).toEqual(['customer.updated', 'license.revoked']);
    const revoked = JSON.parse(caused.find((row) => row.event_type === 'license.revoked')!.body) as { data: { customer_email: unknown } };
    expect(revoked.data.customer_email).toBeNull();
    // Nothing queued to the erased addresses leaves any more.
    const unsent = await t.db
      .selectFrom('emails')
      .select('id')
      .where('to_address', '=', `erased-customer-${id}@invalid`)
      .where('status', 'in', ['pending', 'held'])
      .execute();
    expect(unsent).toEqual([]);
  });

  it.runIf(testDialect() === 'sqlite')('leaves no copy of the addresses in the SQLite file or its WAL', async () => {
    const file = t.config.database.dialect === 'sqlite' ? t.config.database.file : '';
    const bytes = Buffer.concat([await readFile(file), await readFile(`${file}-wal`).catch(() => Buffer.alloc(0))])
      .toString('latin1')
      .toLowerCase();
    expect(bytes.includes(OLD.toLowerCase())).toBe(false);
    expect(bytes.includes(NEW)).toBe(false);
    expect(bytes.includes(NAME.toLowerCase())).toBe(false);
  });
});
