// A paid renewal or upgrade changing a licence (docs/pricing.md "Renewals" and "Upgrades"). Fulfilment
// (server/modules/orders/fulfilment.service.ts) calls these in the payment's unit of work, so the licence, the
// order, the activity and the webhook (`license.renewed`, `license.upgraded`) commit together or not at all.
import { addTerm, type PriceTerm } from '../../../common/prices.js';
import { AppError } from '../../lib/errors.js';
import { withinUnit, type UnitOrContext } from '../../kernel/events.js';
import { recordActivity } from '../activities/index.js';
import { licenseEventData } from './event-data.js';
import { countCountedActivations, lockLicenseById, updateLicense, type LicenseRow } from './licenses.repository.js';

/**
 * Extends a licence by one term from the later of `at` and its current expiry, and makes it active again if it had
 * expired. A revoked licence is left as it is and answers null: checkout refuses it first, this is the backstop for a
 * licence revoked while its renewal was being paid (fulfilment records that for the vendor). Answers the licence after the change.
 */
export async function renewLicenseTerm(
  target: UnitOrContext,
  input: { licenseId: number; term: Exclude<PriceTerm, 'lifetime'>; orderId: number; at: string },
): Promise<LicenseRow | null> {
  return withinUnit(target, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, input.licenseId);
    if (!license) throw new AppError('NOT_FOUND', `License ${input.licenseId} was not found`);
    if (license.status === 'revoked') return null;
    const from = license.expires_at !== null && license.expires_at > input.at ? license.expires_at : input.at;
    const expiresAt = addTerm(from, input.term) as string;
    const after: LicenseRow = { ...license, status: 'active', expires_at: expiresAt, updated_at: input.at };
    await updateLicense(trx, license.id, { status: 'active', expires_at: expiresAt, updated_at: input.at });
    await recordActivity(
      trx,
      'license_renewed',
      { license_key: license.key, plugin_slug: license.plugin_slug, order_id: input.orderId, from: license.expires_at, to: expiresAt },
      input.at,
    );
    await emit('license.renewed', { license: licenseEventData(after, input.at), order_id: input.orderId, previous_expires_at: license.expires_at }, input.at);
    return after;
  });
}

/** The licence after an upgrade, and what it had before (the order keeps it, so a refund can move it back). */
export type UpgradedLicense = LicenseRow & { previous: Pick<LicenseRow, 'price_id' | 'max_activations'> };

/**
 * Moves a licence to a higher tier: its tier (`price_id`), plan and site limit change; its key and expiry stay.
 * A revoked licence is left as it is and answers null (as renewLicenseTerm). Answers the licence after the change.
 */
export async function upgradeLicenseTier(
  target: UnitOrContext,
  input: { licenseId: number; priceId: number; maxActivations: number; orderId: number; at: string },
): Promise<UpgradedLicense | null> {
  return withinUnit(target, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, input.licenseId);
    if (!license) throw new AppError('NOT_FOUND', `License ${input.licenseId} was not found`);
    if (license.status === 'revoked') return null;
    const after: LicenseRow = { ...license, price_id: input.priceId, max_activations: input.maxActivations, updated_at: input.at };
    await updateLicense(trx, license.id, { price_id: input.priceId, max_activations: input.maxActivations, updated_at: input.at });
    await recordActivity(
      trx,
      'license_upgraded',
      {
        license_key: license.key,
        plugin_slug: license.plugin_slug,
        order_id: input.orderId,
        from_price_id: license.price_id,
        to_price_id: input.priceId,
        max_activations: input.maxActivations,
      },
      input.at,
    );
    await emit(
      'license.upgraded',
      {
        license: licenseEventData(after, input.at),
        order_id: input.orderId,
        previous_price_id: license.price_id,
        previous_max_activations: license.max_activations,
        price_id: input.priceId,
      },
      input.at,
    );
    return { ...after, previous: { price_id: license.price_id, max_activations: license.max_activations } };
  });
}

/**
 * Takes back one renewal whose order was refunded (docs/pricing.md "Renewals"): the expiry moves back by the term
 * that renewal added (each renewal added one term, so this holds even after later renewals). The licence stays as it
 * is otherwise: once the date has passed, it is expired like any other. A revoked licence, or one without an expiry,
 * is left alone and answers null.
 */
export async function revertRenewalTerm(
  target: UnitOrContext,
  input: { licenseId: number; term: Exclude<PriceTerm, 'lifetime'>; orderId: number; at: string },
): Promise<LicenseRow | null> {
  return withinUnit(target, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, input.licenseId);
    if (!license || license.status === 'revoked' || license.expires_at === null) return null;
    const expiresAt = addTerm(license.expires_at, input.term, -1) as string;
    const after: LicenseRow = { ...license, expires_at: expiresAt, updated_at: input.at };
    await updateLicense(trx, license.id, { expires_at: expiresAt, updated_at: input.at });
    await recordActivity(
      trx,
      'license_renewal_refunded',
      { license_key: license.key, plugin_slug: license.plugin_slug, order_id: input.orderId, from: license.expires_at, to: expiresAt },
      input.at,
    );
    await emit('license.updated', licenseEventData(after, input.at), input.at);
    return after;
  });
}

/** What refunding an upgrade did to its licence (the activity says the same). */
export type UpgradeRefundOutcome = 'reverted' | 'superseded' | 'revoked';

/**
 * Takes back one upgrade whose order was refunded (docs/pricing.md "Upgrades"): the licence returns to the tier and
 * site limit it had before that upgrade (`from`, kept on the order when it was paid). Sites activated beyond the old
 * limit stay activated and keep validating, but no new site activates until the count is below the limit again (as
 * Easy Digital Downloads does). A licence no longer on the upgraded tier (a later upgrade, or the admin, moved it) is
 * left as it is ('superseded'), as is a revoked one; the activity `license_upgrade_refunded` records which.
 */
export async function revertUpgradeTier(
  target: UnitOrContext,
  input: { licenseId: number; upgradedPriceId: number; from: { priceId: number | null; maxActivations: number }; orderId: number; at: string },
): Promise<UpgradeRefundOutcome | null> {
  return withinUnit(target, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, input.licenseId);
    if (!license) return null;
    const details = { license_key: license.key, plugin_slug: license.plugin_slug, order_id: input.orderId };
    if (license.status === 'revoked' || license.price_id !== input.upgradedPriceId) {
      const outcome: UpgradeRefundOutcome = license.status === 'revoked' ? 'revoked' : 'superseded';
      await recordActivity(trx, 'license_upgrade_refunded', { ...details, outcome, price_id: license.price_id }, input.at);
      return outcome;
    }
    const after: LicenseRow = { ...license, price_id: input.from.priceId, max_activations: input.from.maxActivations, updated_at: input.at };
    await updateLicense(trx, license.id, { price_id: input.from.priceId, max_activations: input.from.maxActivations, updated_at: input.at });
    const sites = await countCountedActivations(trx, license.id);
    await recordActivity(
      trx,
      'license_upgrade_refunded',
      {
        ...details,
        outcome: 'reverted',
        from_price_id: license.price_id,
        to_price_id: input.from.priceId,
        max_activations: input.from.maxActivations,
        sites_over_limit: Math.max(0, sites - input.from.maxActivations),
      },
      input.at,
    );
    await emit('license.updated', licenseEventData(after, input.at), input.at);
    return 'reverted';
  });
}
