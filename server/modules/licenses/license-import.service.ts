// What the importers (server/modules/importers) need of the licence tables: which keys exist already, and
// inserting a batch of licences with their activations inside the importer's unit of work, emitting
// `license.created` for each as a sale does (the outgoing webhooks and the Customers summaries hear of them).
import { sql } from 'kysely';
import type { Unit } from '../../kernel/events.js';
import { nowIso } from '../../lib/time.js';
import { licenseEventData } from './event-data.js';
import { insertActivations, type LicenseRow } from './licenses.repository.js';
import { recutLicensePages } from './license-list.repository.js';
import type { Db } from '../../db/database.js';
import { isPostgres } from '../../db/portable.js';

export interface ImportedLicense {
  key: string;
  /** The key as the source spelled it, when that is not `key` (shown as the buyer knew it). */
  key_spelling: string | null;
  plugin_slug: string;
  plan: string;
  status: string;
  max_activations: number;
  expires_at: string | null;
  customer_email: string | null;
  created_at: string;
  updated_at: string;
  sites: Array<{ site_url: string; is_local: boolean; created_at: string }>;
}

/** The keys of `keys` already stored (canonical form). */
export async function findExistingKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('licenses').select('key').where('key', 'in', keys).execute();
  return new Set(rows.map((row) => row.key));
}

/**
 * Inserts a batch in two statements (the licences, then every activation of the batch), so an import of
 * 100,000 licences is a few hundred round trips rather than hundreds of thousands (bench/import.ts); then
 * emits `license.created` for each licence written. Answers the licences written.
 */
export async function insertImportedLicenses({ trx, emitMany }: Unit, licenses: ImportedLicense[]): Promise<LicenseRow[]> {
  if (licenses.length === 0) return [];
  const rows = await trx
    .insertInto('licenses')
    .values(licenses.map(({ sites: _sites, ...license }) => ({ ...license, order_id: null, price_id: null })))
    // A key another import wrote since the importer looked is left as it is (PostgreSQL runs them side by side).
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returningAll()
    .execute();
  const idOfKey = new Map(rows.map((row) => [row.key, row.id]));
  const activations = licenses.flatMap((license) =>
    (idOfKey.has(license.key) ? license.sites : []).map((site) => ({
      license_id: idOfKey.get(license.key)!,
      site_url: site.site_url,
      is_local: site.is_local ? 1 : 0,
      environment: null,
      created_at: site.created_at,
      last_checked_at: null,
    })),
  );
  // Chunks keep every statement well under SQLite's and PostgreSQL's limits on bound values.
  for (let at = 0; at < activations.length; at += 1000) await insertActivations(trx, activations.slice(at, at + 1000));
  const at = nowIso();
  // One batch of events: the recorders (customers' summaries, webhook deliveries) write them in a few statements.
  await emitMany(
    'license.created',
    rows.map((row) => licenseEventData(row, at)),
    at,
  );
  return rows;
}

/**
 * PostgreSQL: refreshes the planner's statistics of the tables an import fills (the importer calls it after its first
 * batch, then each time the count written doubles). A table that grew from nothing during the import is otherwise
 * planned from what it held when last analyzed: 200,000 licences went from 4,400 rows a second to 2,400 by the end
 * without it, and took 87.5 s against 68.7 s with it (docs/big-shop.md, "Importing a million licences"). Autovacuum
 * analyzes a growing table only every so often, and not at all where it is turned off. SQLite needs none.
 * The text sorts' page buckets are cut again at the same points when uneven (recutLicensePages; docs/big-shop.md).
 */
export async function refreshImportStatistics(db: Db): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`analyze licenses, license_activations, customers`.execute(db);
  // and the buckets of the licence list's text sorts, which an import into an empty shop fills unevenly (0094)
  await recutLicensePages(db);
}
