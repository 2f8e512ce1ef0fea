// What the importers (server/modules/importers) need of the licence tables: which keys exist already, and
// inserting a batch of licences with their activations inside the importer's transaction.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { insertActivation, insertLicense } from './licenses.repository.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface ImportedLicense {
  key: string;
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

export async function insertImportedLicenses(trx: Transaction<DB>, licenses: ImportedLicense[]): Promise<void> {
  for (const { sites, ...license } of licenses) {
    const row = await insertLicense(trx, { ...license, order_id: null, price_id: null });
    for (const site of sites) {
      await insertActivation(trx, {
        license_id: row.id,
        site_url: site.site_url,
        is_local: site.is_local ? 1 : 0,
        environment: null,
        created_at: site.created_at,
        last_checked_at: null,
      });
    }
  }
}
