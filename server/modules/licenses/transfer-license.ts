// The licences' owner rules a customer's page calls (docs/customers.md): which licence is a customer's, giving one
// to another address, and moving or clearing every licence of an address (a change of address, a merge, an
// erasure). The customers module calls these in its unit of work; the licence tables stay this module's.
import type { Unit } from '../../kernel/events.js';
import { AppError } from '../../lib/errors.js';
import { licenseEventData } from './event-data.js';
import { effectiveStatus } from './license-access.service.js';
import { type LicenseRow, lockLicenseById, reassignLicenses, updateLicense } from './licenses.repository.js';

/** The licence, locked for the unit's change, when it belongs to `email` (compared case-insensitively); else NOT_FOUND. */
export async function lockLicenseOfCustomer({ trx }: Unit, licenseId: number, email: string): Promise<LicenseRow> {
  const license = await lockLicenseById(trx, licenseId);
  if (!license || license.customer_email?.toLowerCase() !== email.toLowerCase())
    throw new AppError('NOT_FOUND', `License ${licenseId} is not one of this customer's licences`);
  return license;
}

/**
 * Gives one licence of `from` to `to` (the key stays; its sites keep working) and emits `license.transferred`.
 * A revoked licence is not transferred, nor one to the address it already has. Answers the licence as it is now.
 */
export async function transferLicense(unit: Unit, input: { licenseId: number; from: string; to: string; at: string }): Promise<LicenseRow> {
  const license = await lockLicenseOfCustomer(unit, input.licenseId, input.from);
  if (effectiveStatus(license) === 'revoked') throw new AppError('CONFLICT', `License ${license.key} is revoked; a revoked licence cannot be transferred`);
  if (input.to === input.from) throw new AppError('BAD_REQUEST', `License ${license.key} already belongs to ${input.to}`);
  await updateLicense(unit.trx, license.id, { customer_email: input.to, updated_at: input.at });
  const moved = { ...license, customer_email: input.to, updated_at: input.at };
  await unit.emit('license.transferred', { license: licenseEventData(moved), from_email: input.from, to_email: input.to }, input.at);
  return moved;
}

/** Every licence of `from` moves to `to` (a change of address, a merge), or names no one (`null`: an erasure). */
export async function moveLicensesOfAddress({ trx }: Unit, from: string, to: string | null, at: string): Promise<number> {
  return reassignLicenses(trx, from, to, at);
}
