// Deactivation deletes an activation row (the unique (licence, site) pair must be free to activate again).
// For the dashboard's "active sites" over time the row is copied to ended_activations first, in the same
// transaction, with when it started and ended (docs/dashboard.md). Informational only.
import { sql } from 'kysely';
import { nowIso } from '../../lib/time.js';
import type { Db } from '../../db/database.js';

/** Copies the activations `which` selects (one by id, or all of a licence) into ended_activations. */
export async function recordEndedActivations(db: Db, which: { id: number } | { licenseId: number }, at = nowIso()): Promise<void> {
  let rows = db
    .selectFrom('license_activations')
    .select(['license_id', 'site_url', 'is_local', 'created_at as activated_at', sql<string>`${at}`.as('deactivated_at')]);
  rows = 'id' in which ? rows.where('id', '=', which.id) : rows.where('license_id', '=', which.licenseId);
  await db.insertInto('ended_activations').columns(['license_id', 'site_url', 'is_local', 'activated_at', 'deactivated_at']).expression(rows).execute();
}
