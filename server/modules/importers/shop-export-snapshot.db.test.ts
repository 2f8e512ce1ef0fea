// The shop's export reads one state of the shop while the shop goes on (docs/big-shop.md, "The shop's export while
// the shop answers"): a change made while an export is under way is done at once (the export holds no write lock and,
// on SQLite, not the server's connection) and is not in that export; an export whose reader goes away ends its read.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { writeShopExport } from './shop-export.js';

/** A download that takes the export's first chunks, then stops reading at the third (the first table's rows) until released. */
function stallingReader(): { out: Writable; stalled: Promise<void>; release: () => void; text: () => string } {
  const chunks: Buffer[] = [];
  let onStall!: () => void;
  let release!: () => void;
  const stalled = new Promise<void>((resolve) => (onStall = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const out = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      if (chunks.length !== 3) return done();
      onStall();
      void released.then(() => done());
    },
  });
  return { out, stalled, release, text: () => Buffer.concat(chunks).toString('utf8') };
}

const within = <T>(ms: number, work: Promise<T>): Promise<T> =>
  Promise.race([work, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms))]);

describe(`shop export beside the shop's own changes (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets a change through while it reads, and exports the state it began with', async () => {
    const tier = await t.db.selectFrom('plugin_prices').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const reader = stallingReader();
    const exported = writeShopExport(t.db, reader.out);
    await within(10_000, reader.stalled);

    // The server's own connection is free and no lock is held: the change is made at once, in a transaction.
    await within(
      3_000,
      t.db.transaction().execute((trx) => trx.updateTable('plugin_prices').set({ name: 'Renamed mid-export' }).where('id', '=', tier.id).execute()),
    );
    reader.release();
    await within(10_000, exported);

    const tiers = (JSON.parse(reader.text()) as { plugin_prices: Array<{ id: number; name: string }> }).plugin_prices;
    expect(tiers.find((row) => row.id === tier.id)?.name).toBe(tier.name);
    const now = await t.db.selectFrom('plugin_prices').select('name').where('id', '=', tier.id).executeTakeFirstOrThrow();
    expect(now.name).toBe('Renamed mid-export');
  });

  it('ends its read when the download goes away part way', async () => {
    const reader = stallingReader();
    const exported = writeShopExport(t.db, reader.out);
    await within(10_000, reader.stalled);
    reader.out.destroy();
    await expect(within(10_000, exported)).rejects.toThrow(/closed before its end/);
    // Nothing is left holding the database: a write goes through at once.
    await within(
      3_000,
      t.db.transaction().execute((trx) => trx.updateTable('plugin_prices').set({ active: 1 }).execute()),
    );
  });
});
