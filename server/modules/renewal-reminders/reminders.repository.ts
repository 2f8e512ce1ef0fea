// SQL of the renewal reminders: the claims (`license_reminders`) and the opt-outs (`reminder_opt_outs`), which this
// module owns, and the one read model that finds due licences (a range on `licenses.expires_at` that skips the
// claimed and the opted-out in the same statement: bench/renewal-reminders.ts measures it on 100,000 licences).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

export interface DueLicense {
  id: number;
  expires_at: string;
  customer_email: string | null;
}

/**
 * Licences with an expiry in (`after`, `upTo`] (ISO strings, compared as text: every expiry is a UTC ISO-8601
 * string), not revoked, created no later than `createdBy`, with no claim for `step` in their current term; for
 * reminders (`needsEmail`) also with an owner's address and no opt-out. The oldest expiry first, at most `limit`.
 */
export async function findDueLicenses(db: Db, input: { step: string; after: string; upTo: string; needsEmail: boolean; limit: number }): Promise<DueLicense[]> {
  let query = db
    .selectFrom('licenses as l')
    .select(['l.id', 'l.expires_at', 'l.customer_email'])
    .where('l.expires_at', '>', input.after)
    .where('l.expires_at', '<=', input.upTo)
    .where('l.status', '<>', 'revoked')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('license_reminders as r')
            .select('r.id')
            .whereRef('r.license_id', '=', 'l.id')
            .whereRef('r.expires_at', '=', 'l.expires_at')
            .where('r.step', '=', input.step),
        ),
      ),
    );
  if (input.needsEmail) {
    query = query
      .where('l.customer_email', 'is not', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('reminder_opt_outs as o').select('o.license_id').whereRef('o.license_id', '=', 'l.id'))));
  }
  const rows = await query.orderBy('l.expires_at').orderBy('l.id').limit(input.limit).execute();
  return rows.filter((row): row is DueLicense => row.expires_at !== null);
}

/**
 * The claim: inserts the step's row unless the licence's term has it already. Answers the new row's id, or null
 * when another instance (or an earlier run) claimed it: the unique key decides, on SQLite and PostgreSQL alike.
 */
export async function claimStep(
  trx: Transaction<DB>,
  claim: { license_id: number; expires_at: string; step: string; created_at: string },
): Promise<number | null> {
  const row = await trx
    .insertInto('license_reminders')
    .values({ ...claim, email_id: null })
    .onConflict((oc) => oc.columns(['license_id', 'expires_at', 'step']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setClaimEmail(trx: Transaction<DB>, claimId: number, emailId: number): Promise<void> {
  await trx.updateTable('license_reminders').set({ email_id: emailId }).where('id', '=', claimId).execute();
}

/** The claim behind a reminder in the outbox (its renderer reads the licence, term and step from it). */
export async function findClaimByEmailId(db: Db, emailId: number) {
  return db.selectFrom('license_reminders').select(['license_id', 'expires_at', 'step']).where('email_id', '=', emailId).executeTakeFirst();
}

export async function isOptedOut(db: Db, licenseId: number): Promise<boolean> {
  const row = await db.selectFrom('reminder_opt_outs').select('license_id').where('license_id', '=', licenseId).executeTakeFirst();
  return row !== undefined;
}

/** Records the opt-out; answers false when the licence had opted out already. */
export async function insertOptOut(db: Db, licenseId: number, at: string): Promise<boolean> {
  const row = await db
    .insertInto('reminder_opt_outs')
    .values({ license_id: licenseId, created_at: at })
    .onConflict((oc) => oc.column('license_id').doNothing())
    .returning('license_id')
    .executeTakeFirst();
  return row !== undefined;
}
