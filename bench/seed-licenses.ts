// The benchmarks' steady state: licences of one plugin, each active on one site already checked today (one
// verification write per site per day), inserted 500 at a time. Used by license-validate.ts, validate-inject.ts and
// sqlite-read-batch.ts.
import type { Kysely } from 'kysely';
import type { DB } from '../server/db/schema.js';

export async function seedActiveLicenses(db: Kysely<DB>, keys: string[], pluginSlug: string, now: string): Promise<void> {
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .insertInto('licenses')
      .values(
        keys.slice(start, start + 500).map((key) => ({
          key,
          plugin_slug: pluginSlug,
          plan: 'lifetime',
          status: 'active',
          max_activations: 3,
          expires_at: null,
          customer_email: null,
          order_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'key'])
      .execute();
    await db
      .insertInto('license_activations')
      .values(
        rows.map((row) => ({
          license_id: row.id,
          site_url: `site-${row.key.toLowerCase()}.com`,
          is_local: 0,
          environment: null,
          created_at: now,
          last_checked_at: now,
        })),
      )
      .execute();
  }
}
