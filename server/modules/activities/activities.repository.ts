import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { mentions, replaceMentions } from '../../lib/scrub.js';
import type { Db } from '../../db/database.js';

export type ActivityType =
  | 'license_created'
  | 'license_updated'
  | 'license_activated'
  | 'license_deactivated'
  | 'license_verified'
  | 'license_revoked'
  | 'licenses_imported'
  | 'shop_imported'
  | 'release_uploaded'
  | 'release_withdrawn'
  | 'release_rolled_back'
  | 'release_restored'
  | 'release_deleted'
  | 'release_rollout_changed'
  | 'release_rollout_paused'
  | 'plugin_created'
  | 'plugin_updated'
  | 'plugin_retired'
  | 'demo_content_removed'
  | 'order_paid'
  | 'order_refunded'
  | 'order_cancelled'
  | 'price_created'
  | 'price_updated'
  | 'coupon_created'
  | 'coupon_updated'
  // the Customers pages (server/modules/customers)
  | 'customer_updated'
  | 'customer_email_changed'
  | 'customer_merged'
  | 'customer_erased'
  | 'customer_sign_in_link_sent'
  // a customer opened their account with an e-mailed link (server/modules/account/sign-in.service.ts)
  | 'customer_signed_in'
  | 'license_transferred'
  | 'license_email_resent'
  // renewals and upgrades (server/modules/licenses/license-terms.ts)
  | 'license_renewed'
  | 'license_renewal_refunded'
  | 'license_upgrade_refunded'
  | 'license_upgraded'
  // automatic renewal (server/modules/checkout/auto-renew-worker.ts, auto-renewal.ts)
  | 'auto_renew_enabled'
  | 'auto_renew_disabled'
  | 'auto_renew_charged'
  | 'auto_renew_failed'
  | 'auto_renew_stopped'

  // verified-buyer reviews (server/modules/reviews)
  | 'review_submitted'
  | 'review_edited'
  | 'review_approved'
  | 'review_hidden';

/** Appends one entry to the activity log; pass the transaction when the entry belongs to one. */
export async function recordActivity(db: Db, actionType: ActivityType, details: Record<string, unknown>, createdAt: string = nowIso()): Promise<void> {
  await db
    .insertInto('activities')
    .values({ action_type: actionType, details: JSON.stringify(details), created_at: createdAt })
    .execute();
}

export async function listRecentActivities(db: Kysely<DB>, limit: number) {
  const rows = await db.selectFrom('activities').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}

/**
 * The newest entries whose details mention any of `needles` (compared lower-cased: an address, licence keys), for
 * a customer's timeline (server/modules/customers). A scan of the log, bounded by `limit`.
 */
export async function listActivitiesMentioning(db: Db, needles: string[], limit: number) {
  const wanted = needles.map((needle) => needle.toLowerCase()).filter((needle) => needle !== '');
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('activities')
    .selectAll()
    .where((eb) => eb.or(wanted.map((needle) => sql<boolean>`lower(details) like ${`%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} escape '\\'`)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }));
}

/** Replaces every mention of `needle` (any case) in the entries' details with `replacement` (a customer's erase). */
export async function replaceInActivities(db: Db, needle: string, replacement: string): Promise<void> {
  const rows = await db.selectFrom('activities').select(['id', 'details']).where(mentions('details', needle)).execute();
  for (const row of rows)
    await db
      .updateTable('activities')
      .set({ details: replaceMentions(row.details, needle, replacement) })
      .where('id', '=', row.id)
      .execute();
}

/**
 * Every address `email` was known by before (a customer's erase forgets them too): the `from` of each e-mail change
 * or merge that led to it, followed back through earlier changes. Lower-cased, `email` itself left out.
 */
export async function formerAddressesOf(db: Db, email: string): Promise<string[]> {
  const rows = await db.selectFrom('activities').select('details').where('action_type', 'in', ['customer_email_changed', 'customer_merged']).execute();
  const moves = rows.flatMap((row) => {
    const details = JSON.parse(row.details) as { from?: unknown; to?: unknown };
    return typeof details.from === 'string' && typeof details.to === 'string' ? [{ from: details.from.toLowerCase(), to: details.to.toLowerCase() }] : [];
  });
  const known = new Set([email.toLowerCase()]);
  for (let grew = true; grew;) {
    grew = false;
    for (const move of moves)
      if (known.has(move.to) && !known.has(move.from)) {
        known.add(move.from);
        grew = true;
      }
  }
  known.delete(email.toLowerCase());
  return [...known];
}

/** Retention (docs/big-shop.md): removes at most `limit` entries older than `before`, oldest first; answers how many. */
export async function pruneActivities(db: Db, before: string, limit: number): Promise<number> {
  const oldest = db.selectFrom('activities').select('id').where('created_at', '<', before).orderBy('created_at').limit(limit);
  const result = await db.deleteFrom('activities').where('id', 'in', oldest).executeTakeFirst();
  return Number(result.numDeletedRows);
}
