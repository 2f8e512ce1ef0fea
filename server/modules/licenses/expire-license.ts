// The end of a licence's term (docs/renewal-reminders.md "license.expired"): the reminder pass finds the licences
// whose reminder step or expiry is due; these use cases hold the licence for its unit of work and mark its term ended.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Unit } from '../../kernel/events.js';
import { licenseEventData, type LicenseEventData } from './event-data.js';
import { lockLicenseById, type LicenseRow } from './licenses.repository.js';

// The event a licence's ended term emits (server/kernel/events.ts; docs/webhooks.md).
declare module '../../kernel/events.js' {
  interface AppEvents {
    'license.expired': LicenseEventData;
  }
}

/**
 * The licence, locked (PostgreSQL) and read again in the caller's unit, while it is still in the term that ends at
 * `expiresAt`: undefined once it was renewed, revoked or removed since it was found.
 */
export async function lockLicenseInTerm(trx: Transaction<DB>, id: number, expiresAt: string | null): Promise<LicenseRow | undefined> {
  const license = await lockLicenseById(trx, id);
  return license && license.expires_at === expiresAt && license.status !== 'revoked' ? license : undefined;
}

/** Marks the licence's term ended: `license.expired` with the licence, in the caller's unit (once per licence and term: the caller claims it). */
export async function markLicenseExpired(unit: Unit, license: LicenseRow, at: string): Promise<void> {
  await unit.emit('license.expired', licenseEventData(license, at), at);
}
