// The EDD check's buyer-name reader (server/db/batched-read.ts): on PostgreSQL the reads of one turn go as one
// statement for all their addresses, and each read must still get its own buyer's name (a mix-up would tell a site
// another buyer's name).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { postgresPoolOf } from '../../db/database.js';
import { openCustomerNameReader } from './customer-name-reader.js';
import { customerRow } from '../../test/shop-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insertInto('customers')
    .values([customerRow('ann@names.example', 'Ann Buyer'), customerRow('bob@names.example'), customerRow('cy@names.example', 'Cy Buyer')])
    .execute();
});
afterAll(async () => t.close());

describe.runIf(testDialect() === 'postgres')('the buyer-name reader on PostgreSQL', () => {
  it("answers each read of a turn with its own buyer's name, in one statement for the turn", async () => {
    const reader = openCustomerNameReader(t.ctx);
    const pool = postgresPoolOf(t.db);
    if (!reader || !pool) throw new Error('PostgreSQL has a batched reader');
    const query = vi.spyOn(pool, 'query');
    const asked = ['cy@names.example', 'ann@names.example', 'nobody@names.example', 'bob@names.example', 'ann@names.example'];
    const answers = await Promise.all(asked.map((email) => reader.read(email)));
    expect(answers.map((answer) => answer?.name)).toEqual(['Cy Buyer', 'Ann Buyer', undefined, null, 'Ann Buyer']);
    expect(answers[2]).toBeUndefined();
    expect(query).toHaveBeenCalledTimes(1);
    // The next turn is a statement of its own.
    expect((await reader.read('bob@names.example'))?.name).toBeNull();
    expect(query).toHaveBeenCalledTimes(2);
    query.mockRestore();
  });

  it('fails every read of the turn when its statement fails, and the next turn reads again', async () => {
    const reader = openCustomerNameReader(t.ctx);
    const pool = postgresPoolOf(t.db);
    if (!reader || !pool) throw new Error('PostgreSQL has a batched reader');
    const query = vi.spyOn(pool, 'query').mockImplementationOnce((() => Promise.reject(new Error('connection lost'))) as never);
    const failed = await Promise.allSettled([reader.read('ann@names.example'), reader.read('cy@names.example')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect((await reader.read('ann@names.example'))?.name).toBe('Ann Buyer');
    query.mockRestore();
  });
});
