import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';

export type ActivityType =
  | 'license_created'
  | 'license_updated'
  | 'license_activated'
  | 'license_deactivated'
  | 'license_verified'
  | 'license_revoked'
  | 'licenses_imported'
  | 'release_uploaded'
  | 'release_withdrawn'
  | 'release_restored'
  | 'release_deleted'
  | 'release_rollout_changed'
  | 'release_rollout_paused'
  | 'plugin_created'
  | 'plugin_updated'
  | 'plugin_retired'
  | 'order_paid'
  | 'order_refunded'
  | 'price_created'
  | 'price_updated'
  | 'coupon_created'
  | 'coupon_updated';

/** Appends one entry to the activity log; pass the transaction when the entry belongs to one. */
export async function recordActivity(
  db: Kysely<DB> | Transaction<DB>,
  actionType: ActivityType,
  details: Record<string, unknown>,
  createdAt: string = nowIso(),
): Promise<void> {
  await db
    .insertInto('activities')
    .values({ action_type: actionType, details: JSON.stringify(details), created_at: createdAt })
    .execute();
}

export async function listRecentActivities(db: Kysely<DB>, limit: number) {
  const rows = await db.selectFrom('activities').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}
