// The EDD item reader on PostgreSQL keeps the items it read while it listens to 0090's notifications: a change
// committed by any connection (another server's) must reach it, a change of another column must not cost a read,
// and a lost listening connection must fall back to reading once a turn until it listens again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { postgresPoolOf } from '../../db/database.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { itemsListenerName, openEddItemReader, RELISTEN_AFTER_MS } from './edd-item-reader.js';
import { countPluginDownload, updatePluginBySlug } from './plugins.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const listeners = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where application_name = ${itemsListenerName()}`.execute(t.db)).rows[0]?.n);

/** Polls until `done` holds (a notification or a reconnection arrives in its own time), at most 5 s. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await done()) return;
    await sleep(10);
  }
  throw new Error('timed out');
}

describe.runIf(testDialect() === 'postgres')('the EDD item reader on PostgreSQL', () => {
  it('keeps the items read until a commit of another connection changes one, and reads once per turn while not listening', async () => {
    const reader = openEddItemReader(t.ctx);
    const pool = postgresPoolOf(t.db);
    const keeping = reader?.keeping;
    if (!reader || !keeping || !pool) throw new Error('PostgreSQL keeps items');
    // Another server: its own connection, in the test's schema.
    const other = new pg.Client(pool.options);
    await other.connect();
    const query = vi.spyOn(pool, 'query');
    const nameOf = async () => (await reader.read()).find((item) => item.slug === POSTCODE_PLUGIN_SLUG)?.edd_item_name;
    try {
      await until(keeping);
      expect(await nameOf()).toBeNull();
      await nextTurn();
      expect(await nameOf()).toBeNull();
      await nextTurn();
      expect(query).toHaveBeenCalledTimes(1);

      // A committed change of an item, by another connection, is heard and read.
      await other.query(`update plugins set edd_item_name = 'Postcode Zones Pro' where slug = $1`, [POSTCODE_PLUGIN_SLUG]);
      await until(async () => (await nameOf()) === 'Postcode Zones Pro');
      const reads = query.mock.calls.length;

      // A change of no item's column (a download counted) notifies nothing; nor does a change rolled back.
      await countPluginDownload(t.db, POSTCODE_PLUGIN_SLUG);
      await other.query('begin');
      await other.query(`update plugins set edd_item_name = 'Never' where slug = $1`, [POSTCODE_PLUGIN_SLUG]);
      await other.query('rollback');
      await sleep(100);
      expect(await nameOf()).toBe('Postcode Zones Pro');
      expect(query).toHaveBeenCalledTimes(reads);

      // This server's own write drops the items at once, before its notification arrives.
      await updatePluginBySlug(t.db, POSTCODE_PLUGIN_SLUG, { edd_item_name: 'Postcode Zones' });
      expect(await nameOf()).toBe('Postcode Zones');

      // The listening connection ends (an admin ended it, the database restarted): each turn reads again.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${itemsListenerName()}`.execute(t.db);
      await until(() => !keeping());
      const before = query.mock.calls.length;
      await other.query(`update plugins set edd_item_name = 'While deaf' where slug = $1`, [POSTCODE_PLUGIN_SLUG]);
      expect(await nameOf()).toBe('While deaf');
      await nextTurn();
      expect(await nameOf()).toBe('While deaf');
      expect(query.mock.calls.length).toBe(before + 2);

      // It listens again by itself and keeps items again.
      await sleep(RELISTEN_AFTER_MS);
      await until(keeping);
      await nameOf();
      const listening = query.mock.calls.length;
      await nextTurn();
      await nameOf();
      expect(query).toHaveBeenCalledTimes(listening);
    } finally {
      query.mockRestore();
      await other.end();
    }
    // Closed, it connects no more (the test app's own EDD routes keep one listening connection).
    await until(async () => (await listeners()) === 2);
    await reader.close();
    await sleep(RELISTEN_AFTER_MS + 200);
    expect(await listeners()).toBe(1);
  });
});
