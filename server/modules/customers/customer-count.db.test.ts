// Issue 44 (docs/big-shop.md, "Counting"): the Customers list's total without a search is the kept count of
// 0084-customer-count, not a count of every customer; it follows every insert and delete, made one at a time or many
// in one statement, and the migration counts the customers a shop already has.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import * as customerCount from '../../db/migrations/0084-customer-count.js';
import { countCustomers, listCustomersPage } from './customer-list.repository.js';
import { customerRow } from '../../test/shop-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const customer = (email: string) => customerRow(email);
const counted = async () =>
  Number(
    (
      await t.db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`the kept customer count (${testDialect()})`, () => {
  it('follows inserts and deletes, one row or many a statement, and is the list total without a search', async () => {
    const before = await counted();
    expect(await countCustomers(t.db)).toBe(before);
    await t.db.insertInto('customers').values(customer('one@count.example')).execute();
    await t.db.insertInto('customers').values(['two@count.example', 'three@count.example', 'four@count.example'].map(customer)).execute();
    expect(await countCustomers(t.db)).toBe(before + 4);
    await t.db.deleteFrom('customers').where('email', 'in', ['two@count.example', 'three@count.example']).execute();
    expect(await countCustomers(t.db)).toBe(before + 2);
    expect(await counted()).toBe(before + 2);

    const list = await listCustomersPage(t.db, { sort: 'email', direction: 'asc' }, { limit: 1, offset: 0 });
    expect(list.total).toBe(before + 2);
  });

  it('a rolled-back insert moves nothing', async () => {
    const before = await countCustomers(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('customers').values(customer('gone@count.example')).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countCustomers(t.db)).toBe(before);
  });

  it('the migration counts the customers already there, and down takes its table and triggers away', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    await customerCount.down(db);
    await t.db.insertInto('customers').values(customer('before@count.example')).execute();
    await customerCount.up(db);
    expect(await countCustomers(t.db)).toBe(await counted());
    await t.db.insertInto('customers').values(customer('after@count.example')).execute();
    expect(await countCustomers(t.db)).toBe(await counted());
    if (testDialect() === 'sqlite') {
      const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'customer_count_%'`.execute(t.db);
      expect(triggers.rows.map((row) => row.name).sort()).toEqual(['customer_count_delete', 'customer_count_insert']);
    }
  });
});
