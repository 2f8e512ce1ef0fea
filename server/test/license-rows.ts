// Licence, activation and automatic-renewal rows written straight into the tables, for tests that need many of them
// or need them dated (the licences module's own functions stamp `now` and emit events). Unset fields take the
// defaults below.
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { LicenseActivationsTable, LicenseAutoRenewalsTable, LicensesTable } from '../db/schema.js';

type LicenseRow = Insertable<LicensesTable>;
type ActivationRow = Insertable<LicenseActivationsTable>;
type AutoRenewalRow = Insertable<LicenseAutoRenewalsTable>;

/** An active lifetime licence with 10 seats, no expiry, buyer or order, updated when created. */
export function licenseRow(row: Pick<LicenseRow, 'key' | 'plugin_slug' | 'created_at'> & Partial<LicenseRow>): LicenseRow {
  return {
    plan: 'lifetime',
    status: 'active',
    max_activations: 10,
    expires_at: null,
    customer_email: null,
    order_id: null,
    updated_at: row.created_at,
    ...row,
  };
}

/** Inserts `licenseRow(row)` and answers its id. */
export async function insertLicenseRow(db: Db, row: Parameters<typeof licenseRow>[0]): Promise<number> {
  return (await db.insertInto('licenses').values(licenseRow(row)).returning('id').executeTakeFirstOrThrow()).id;
}

/** Inserts a site's activation of a licence (not local, no environment, never checked; created now) and answers its id. */
export async function insertActivationRow(db: Db, row: Pick<ActivationRow, 'license_id' | 'site_url'> & Partial<ActivationRow>): Promise<number> {
  return (
    await db
      .insertInto('license_activations')
      .values({ is_local: 0, environment: null, created_at: new Date().toISOString(), last_checked_at: null, ...row })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** An enabled opt-in to automatic renewal through the test provider with a saved card, never attempted, made at `at`. */
export function autoRenewalRow(at: string, row: Partial<AutoRenewalRow> = {}): AutoRenewalRow {
  return {
    license_id: null,
    order_id: null,
    enabled: 1,
    provider: 'test',
    customer_ref: null,
    payment_method_ref: 'tok',
    term_expires_at: null,
    next_attempt_at: null,
    last_error: null,
    created_at: at,
    updated_at: at,
    ...row,
  };
}

/**
 * Six yearly licences of `ucre` bought 2025-06-01, the n-th (from 1) expiring 2026-06-0n at noon (keys
 * 8022-DUE0-0000-0000-000n, buyers dueN@example.com): what the workers' due reads find. Answers their ids, in order.
 */
export async function insertDueLicences(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= 6; n++) {
    ids.push(
      await insertLicenseRow(db, {
        key: `8022-DUE0-0000-0000-${String(n).padStart(4, '0')}`,
        plugin_slug: 'ucre',
        plan: 'pro_yearly',
        max_activations: 3,
        expires_at: `2026-06-0${n}T12:00:00.000Z`,
        customer_email: `due${n}@example.com`,
        created_at: '2025-06-01T00:00:00.000Z',
      }),
    );
  }
  return ids;
}
