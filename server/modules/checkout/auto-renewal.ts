// Automatic renewal's opt-in and switch (issue 26; docs/pricing.md "Automatic renewal"; decision 0013). A checkout
// with `auto_renew` records an opt-in with its pending order (Stripe: the Customer the card is saved on); when the
// order is paid, a recorder of `order.paid` gives it to the licence in the payment's transaction. The buyer turns
// it off (or on again, with a card saved) in the account; the admin sees it on the licence card and can turn it off.
import type { AppContext } from '../../kernel/context.js';
import type { Recorder } from '../../kernel/events.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { ADMIN_AUTO_RENEW_ON_REFUSAL, AUTO_RENEW_OFF, type AutoRenewState, type LicenseAutoRenewal } from '../../../common/auto-renewal.js';
import { renewPath } from '../../../common/renewals.js';
import { recordActivity } from '../activities/index.js';
import { effectiveStatus, findLicenseById } from '../licenses/index.js';
import { findPriceById } from '../prices/index.js';
import {
  attachOptInToLicense,
  findAutoRenewalOfLicense,
  listAutoRenewalsOfExistingLicenses,
  listAutoRenewalsOfLicenses,
  switchAutoRenewEnabled,
  type AutoRenewStateFields,
} from './auto-renewals.repository.js';

/** The providers that can charge a saved card off-session. */
export const AUTO_RENEW_PROVIDERS: ReadonlySet<string> = new Set(['stripe', 'test']);

export const AUTO_RENEW_TERM_REFUSAL = 'Automatic renewal is only for a licence with a yearly or monthly term; this one never expires.';

/** The recorder that gives a paid order's opt-in to its licence, in the payment's transaction (the module's door). */
export const attachOptInOnPayment: Recorder = async (trx, event) => {
  if (event.type !== 'order.paid') return;
  const order = event.data;
  const licenseId = order.license_id ?? order.target_license_id;
  if (licenseId === null) return;
  if (await attachOptInToLicense(trx, order.id, licenseId, event.at)) {
    await recordActivity(trx, 'auto_renew_enabled', { license_id: licenseId, order_id: order.id, by: 'checkout' }, event.at);
  }
};

export const toAutoRenewState = (row: AutoRenewStateFields | undefined): AutoRenewState =>
  row
    ? {
        enabled: row.enabled === 1,
        card_saved: row.payment_method_ref !== null || row.order_id !== null,
        provider: row.provider,
        failed_attempts: row.enabled === 1 && row.next_attempt_at !== null ? row.attempts : 0,
        next_attempt_at: row.next_attempt_at,
        last_error: row.last_error,
      }
    : AUTO_RENEW_OFF;

/** The state of each licence, by id (the account's licence list). */
export async function autoRenewStates(ctx: AppContext, licenseIds: readonly number[]): Promise<Map<number, AutoRenewState>> {
  const rows = await listAutoRenewalsOfLicenses(ctx.db, licenseIds);
  return new Map(licenseIds.map((id) => [id, toAutoRenewState(rows.find((row) => row.license_id === id))]));
}

/** The admin's licence list: the states of the licences among `licenseIds` that exist, in one statement; others are absent. */
export async function autoRenewalsOfLicenses(ctx: AppContext, licenseIds: readonly number[]): Promise<LicenseAutoRenewal[]> {
  const rows = await listAutoRenewalsOfExistingLicenses(ctx.db, licenseIds);
  return rows.map(({ license_id, renewal }) => ({ license_id, ...toAutoRenewState(renewal) }));
}

export async function autoRenewStateOf(ctx: AppContext, licenseId: number): Promise<AutoRenewState> {
  if (!(await findLicenseById(ctx.db, licenseId))) throw new AppError('NOT_FOUND', `License ${licenseId} not found`);
  return toAutoRenewState(await findAutoRenewalOfLicense(ctx.db, licenseId));
}

/** Whether the licence's card is charged at expiry (the reminders' wording). */
export async function isAutoRenewing(ctx: Pick<AppContext, 'db'>, licenseId: number): Promise<boolean> {
  return (await findAutoRenewalOfLicense(ctx.db, licenseId))?.enabled === 1;
}

/**
 * Whether a reminder before the expiry may say the licence "renews automatically" (issue 37): automatic renewal is
 * on, and at `now` its charge for the term ending `expiresAt` is still to come: no attempt of that term was made
 * (one that failed, or is still processing, has its own e-mail) and the first one's time has not passed (an outage:
 * the charge is overdue, and its outcome will be e-mailed). `db` may be the caller's transaction.
 */
export async function renewsAutomaticallyLater(
  ctx: Pick<AppContext, 'autoRenewals'>,
  db: Parameters<typeof findAutoRenewalOfLicense>[0],
  license: { id: number; expires_at: string },
  now: Date,
): Promise<boolean> {
  const row = await findAutoRenewalOfLicense(db, license.id);
  if (row?.enabled !== 1) return false;
  if (row.term_expires_at === license.expires_at && row.attempts > 0) return false;
  const firstCharge = ctx.autoRenewals.dueAt(license.expires_at, 1);
  return firstCharge !== null && firstCharge > now.toISOString();
}

/**
 * The admin's switch (a buyer who asks support to stop the charges): off only, recorded `by: 'admin'`. On is refused,
 * whatever the licence, since it charges the buyer's card: the buyer turns it on from their account.
 */
export async function setAutoRenewByAdmin(ctx: AppContext, licenseId: number, enabled: boolean): Promise<AutoRenewState> {
  if (enabled) throw new AppError('FORBIDDEN', ADMIN_AUTO_RENEW_ON_REFUSAL);
  return setAutoRenew(ctx, licenseId, false, 'admin');
}

/**
 * The switch: the buyer's on a licence already known to be theirs (the account checks the session's e-mail), or the
 * admin's, off only (setAutoRenewByAdmin). Off always works; on needs a licence that expires, is not revoked and has
 * a saved card, else a 4xx that says what to do. An activity is recorded only by the call that changed the switch (of
 * two at once, one does).
 */
export async function setAutoRenew(ctx: AppContext, licenseId: number, enabled: boolean, by: 'customer' | 'admin'): Promise<AutoRenewState> {
  const license = await findLicenseById(ctx.db, licenseId);
  if (!license) throw new AppError('NOT_FOUND', `License ${licenseId} not found`);
  const row = await findAutoRenewalOfLicense(ctx.db, licenseId);
  const at = nowIso();
  if (!enabled) {
    if (row && (await switchAutoRenewEnabled(ctx.db, row.id, false, at))) {
      await recordActivity(ctx.db, 'auto_renew_disabled', { license_id: licenseId, license_key: license.key, by }, at);
    }
    return toAutoRenewState(await findAutoRenewalOfLicense(ctx.db, licenseId));
  }
  if (effectiveStatus(license, new Date()) === 'revoked') throw new AppError('UNPROCESSABLE', 'This licence is revoked, so it cannot renew automatically.');
  const tier = license.price_id === null ? undefined : await findPriceById(ctx.db, license.price_id);
  if (license.expires_at === null || tier?.term === 'lifetime') throw new AppError('UNPROCESSABLE', AUTO_RENEW_TERM_REFUSAL);
  if (!tier) throw new AppError('UNPROCESSABLE', 'This licence was not sold from a price tier, so it has no renewal price to charge. Please contact support.');
  if (!row || !toAutoRenewState(row).card_saved) {
    throw new AppError('CONFLICT', `No card is saved for this licence. Renew it once with "Renew automatically" ticked to save one: ${renewPath(license.key)}`);
  }
  if (await switchAutoRenewEnabled(ctx.db, row.id, true, at)) {
    await recordActivity(ctx.db, 'auto_renew_enabled', { license_id: licenseId, license_key: license.key, by }, at);
  }
  return toAutoRenewState(await findAutoRenewalOfLicense(ctx.db, licenseId));
}
