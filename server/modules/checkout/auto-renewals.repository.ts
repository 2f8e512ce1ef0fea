// SQL on `license_auto_renewals` (owner: checkout; migration 0032; decision 0013): a buyer's opt-in to automatic
// renewal, the saved card's references and the charges of the licence's current term.
import type { Selectable, Transaction } from 'kysely';
import type { DB, LicenseAutoRenewalsTable } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

export type AutoRenewalRow = Selectable<LicenseAutoRenewalsTable>;

/** The opt-in of a checkout, recorded with its pending order; it applies to a licence once that order is paid. */
export async function insertOptIn(db: Db, row: { order_id: number; provider: string; customer_ref: string | null; created_at: string }): Promise<void> {
  await db
    .insertInto('license_auto_renewals')
    .values({ ...row, enabled: 0, updated_at: row.created_at })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

/** The test provider's card, remembered when the buyer confirms the payment of an opted-in order. */
export async function setPaymentMethodOfOrder(db: Db, orderId: number, paymentMethodRef: string, at: string): Promise<void> {
  await db.updateTable('license_auto_renewals').set({ payment_method_ref: paymentMethodRef, updated_at: at }).where('order_id', '=', orderId).execute();
}

/**
 * The paid order's opt-in now belongs to its licence (in the payment's transaction): the card it saved replaces one
 * saved before for the same licence, and automatic renewal is on with no failed charge.
 */
export async function attachOptInToLicense(trx: Transaction<DB>, orderId: number, licenseId: number, at: string): Promise<boolean> {
  const optIn = await trx.selectFrom('license_auto_renewals').select('id').where('order_id', '=', orderId).where('license_id', 'is', null).executeTakeFirst();
  if (!optIn) return false;
  await trx.deleteFrom('license_auto_renewals').where('license_id', '=', licenseId).execute();
  await trx
    .updateTable('license_auto_renewals')
    .set({ license_id: licenseId, enabled: 1, attempts: 0, term_expires_at: null, next_attempt_at: null, last_error: null, updated_at: at })
    .where('id', '=', optIn.id)
    .execute();
  return true;
}

export async function findAutoRenewalOfLicense(db: Db, licenseId: number): Promise<AutoRenewalRow | undefined> {
  return db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', licenseId).executeTakeFirst();
}

export async function listAutoRenewalsOfLicenses(db: Db, licenseIds: readonly number[]): Promise<AutoRenewalRow[]> {
  if (licenseIds.length === 0) return [];
  return db
    .selectFrom('license_auto_renewals')
    .selectAll()
    .where('license_id', 'in', [...licenseIds])
    .execute();
}

/** What a licence's automatic renewal state is made of (auto-renewal.ts, toAutoRenewState). */
export type AutoRenewStateFields = Pick<
  AutoRenewalRow,
  'enabled' | 'provider' | 'payment_method_ref' | 'order_id' | 'attempts' | 'next_attempt_at' | 'last_error'
>;

/**
 * Read model (docs/architecture.md, "One owner per table"): of `licenseIds`, the licences that exist, each with its
 * automatic renewal if it has one (`renewal` undefined: none), in id order, in one statement (the admin's licence
 * list asks for a page of them at once). Ids of no licence are left out.
 */
export async function listAutoRenewalsOfExistingLicenses(
  db: Db,
  licenseIds: readonly number[],
): Promise<Array<{ license_id: number; renewal: AutoRenewStateFields | undefined }>> {
  if (licenseIds.length === 0) return [];
  const rows = await db
    .selectFrom('licenses as l')
    .leftJoin('license_auto_renewals as a', 'a.license_id', 'l.id')
    .select([
      'l.id as license_id',
      'a.id as renewal_id',
      'a.enabled',
      'a.provider',
      'a.payment_method_ref',
      'a.order_id',
      'a.attempts',
      'a.next_attempt_at',
      'a.last_error',
    ])
    .where('l.id', 'in', [...licenseIds])
    .orderBy('l.id')
    .execute();
  // license_id is unique in license_auto_renewals, so one row per licence; a joined row has its NOT NULL columns set.
  return rows.map(({ license_id, renewal_id, ...renewal }) => ({ license_id, renewal: renewal_id === null ? undefined : (renewal as AutoRenewStateFields) }));
}

/** The buyer's or the worker's switch; turning it on starts the current term's charges afresh. */
const enabledChange = (enabled: boolean, at: string, lastError: string | null) =>
  enabled
    ? { enabled: 1, attempts: 0, term_expires_at: null, next_attempt_at: null, last_error: null, updated_at: at }
    : { enabled: 0, next_attempt_at: null, last_error: lastError, updated_at: at };

export async function setAutoRenewEnabled(db: Db, id: number, enabled: boolean, at: string, lastError: string | null = null): Promise<void> {
  await db
    .updateTable('license_auto_renewals')
    .set(enabledChange(enabled, at, lastError))
    .where('id', '=', id)
    .execute();
}

/** A switch: sets it on or off unless it already is; whether this call changed it (of two at once, one does). */
export async function switchAutoRenewEnabled(db: Db, id: number, enabled: boolean, at: string): Promise<boolean> {
  const result = await db
    .updateTable('license_auto_renewals')
    .set(enabledChange(enabled, at, null))
    .where('id', '=', id)
    .where('enabled', '=', enabled ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setSavedPaymentMethod(db: Db, id: number, paymentMethodRef: string, at: string): Promise<void> {
  await db.updateTable('license_auto_renewals').set({ payment_method_ref: paymentMethodRef, updated_at: at }).where('id', '=', id).execute();
}

export async function setAttemptOutcome(db: Db, id: number, patch: { next_attempt_at: string | null; last_error: string | null }, at: string): Promise<void> {
  await db
    .updateTable('license_auto_renewals')
    .set({ ...patch, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** An opted-in licence whose charge may be due, with what the charge needs of the licence. */
export interface AutoRenewCandidate extends AutoRenewalRow {
  license_id: number;
  license_key: string;
  license_status: string;
  expires_at: string;
  customer_email: string | null;
  plugin_slug: string;
  price_id: number | null;
}

/** Where the worker's paging stands: the last candidate read (its licence's expiry, its id). */
export interface AutoRenewCursor {
  expiresAt: string;
  id: number;
}

/**
 * Read model (docs/architecture.md, "One owner per table"): enabled opt-ins whose licence is not revoked and expires
 * at or before `upTo`, in the order of that expiry (then id) after `after` (the worker pages through them). The
 * opt-in carries its licence's expiry (`license_expires_at`, kept by 0077's triggers) and a partial index of the
 * enabled ones by it, so a pass reads the opt-ins whose time has come, not every opt-in (docs/big-shop.md). Whether
 * an attempt is due is decided by the worker from the term and the attempts made.
 */
export async function findAutoRenewCandidates(db: Db, input: { upTo: string; after: AutoRenewCursor | null; limit: number }): Promise<AutoRenewCandidate[]> {
  const after = input.after;
  let query = db
    .selectFrom('license_auto_renewals as a')
    .innerJoin('licenses as l', 'l.id', 'a.license_id')
    .selectAll('a')
    .select(['l.key as license_key', 'l.status as license_status', 'l.expires_at', 'l.customer_email', 'l.plugin_slug', 'l.price_id'])
    .where('a.enabled', '=', 1)
    .where('a.license_expires_at', '<=', input.upTo)
    .where('l.status', '!=', 'revoked')
    .where('l.expires_at', 'is not', null);
  if (after)
    query = query.where((eb) =>
      eb.or([eb('a.license_expires_at', '>', after.expiresAt), eb.and([eb('a.license_expires_at', '=', after.expiresAt), eb('a.id', '>', after.id)])]),
    );
  const rows = await query.orderBy('a.license_expires_at').orderBy('a.id').limit(input.limit).execute();
  return rows as AutoRenewCandidate[];
}

/**
 * Claims attempt `attempts` of the term ending `termExpiresAt`: one conditional UPDATE on what the worker read, so of
 * several instances (or passes) exactly one moves the row on and charges; the others change nothing and skip it.
 */
export async function claimAttempt(
  db: Db,
  input: { id: number; readTerm: string | null; readAttempts: number; termExpiresAt: string; attempts: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('license_auto_renewals')
    .set({ term_expires_at: input.termExpiresAt, attempts: input.attempts, updated_at: input.at })
    .where('id', '=', input.id)
    .where('enabled', '=', 1)
    .where('attempts', '=', input.readAttempts)
    .where('term_expires_at', input.readTerm === null ? 'is' : '=', input.readTerm)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
