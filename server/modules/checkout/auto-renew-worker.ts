// The automatic renewal worker (docs/pricing.md "Automatic renewal"; decision 0013). At each pass it reads the
// opted-in licences that expire within `auto_renew_days_before` days (or have expired), decides from the term and
// the attempts made whether a charge is due, claims that attempt with one conditional UPDATE (so several instances,
// WORKERS=N and restarts charge each attempt once), and charges the saved card off-session for the renewal price
// (renewal discount, no coupon). A success is a `renewal` order fulfilled through applyPaymentEvent, as a manual
// renewal's; a failure e-mails the renewal link and waits for the next retry day, and after the last one turns
// automatic renewal off with a final e-mail. Every attempt is in the activity log. One per app (ctx.autoRenewals).
import type { AppContext } from '../../kernel/context.js';
import { unitOfWork } from '../../kernel/events.js';
import { PollingWorker } from '../../lib/polling-loop.js';
import { sha256Hex } from '../../lib/crypto.js';
import { renewalPriceMinor } from '../../../common/renewals.js';
import { recordActivity } from '../activities/index.js';
import { queueEmail } from '../email/index.js';
import { applyPaymentEvent, findOrderById, insertPendingOrder } from '../orders/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { findPriceById } from '../prices/index.js';
import { AUTO_RENEW_FAILED_EMAIL_KIND, AUTO_RENEW_STOPPED_EMAIL_KIND, autoRenewEmailKey } from './auto-renew-email.js';
import {
  claimAttempt,
  findAutoRenewCandidates,
  setAttemptOutcome,
  setAutoRenewEnabled,
  setSavedPaymentMethod,
  type AutoRenewCandidate,
  type AutoRenewCursor,
} from './auto-renewals.repository.js';
import { PaymentProviderError, type OffSessionInput, type OffSessionOutcome } from './payment-provider.js';
import { CountryUnknownError, licenseTax } from './license-tax.js';
import { AppError } from '../../lib/errors.js';

/** Due charges are looked for this often (they are counted in days; a pass also runs at start). */
export const AUTO_RENEW_POLL_INTERVAL_MS = 10 * 60_000;
const BATCH = 200;
const DAY_MS = 86_400_000;
/**
 * The first charge is due this long before the moment `auto_renew_days_before` names (issue 37): six passes, so a
 * licence that renews automatically is renewed before it expires even when a pass or two is missed (0 days: an
 * hour before the expiry, not up to a pass after it, when `stop_validating` would already refuse its sites).
 */
export const AUTO_RENEW_LEAD_MS = 6 * AUTO_RENEW_POLL_INTERVAL_MS;
/**
 * Retries that fell due together (the server was down for days) are spread out: each waits at least this long after
 * the attempt before it, so the buyer gets one e-mail per outcome, not three declines within seconds.
 */
export const AUTO_RENEW_RETRY_GAP_MS = 12 * 3_600_000;

export interface AutoRenewPassResult {
  charged: number;
  failed: number;
  stopped: number;
}

const addDaysTo = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

export class AutoRenewWorker extends PollingWorker {
  /** The clock: the renewal reminders' (ctx.renewalReminders.now), so a test that moves one moves both. */
  now: () => Date;
  /** What the passes did since the app started (tests and the log). */
  readonly done: AutoRenewPassResult = { charged: 0, failed: 0, stopped: 0 };

  constructor(private readonly ctx: AppContext) {
    super(AUTO_RENEW_POLL_INTERVAL_MS, (error) => ctx.log.error({ err: error }, 'automatic renewal pass failed'));
    this.now = () => ctx.renewalReminders.now();
  }

  /** When attempt `attempt` (1-based) of the term ending `expiresAt` is due; null once every retry has been used. */
  dueAt(expiresAt: string, attempt: number): string | null {
    if (attempt === 1) return addDaysTo(expiresAt, -this.ctx.settings.get('auto_renew_days_before') - AUTO_RENEW_LEAD_MS / DAY_MS);
    const retry = this.ctx.settings.get('auto_renew_retry_days')[attempt - 2];
    return retry === undefined ? null : addDaysTo(expiresAt, retry);
  }

  protected async pass(): Promise<void> {
    const now = this.now();
    const at = now.toISOString();
    const upTo = addDaysTo(at, this.ctx.settings.get('auto_renew_days_before') + AUTO_RENEW_LEAD_MS / DAY_MS);
    let after: AutoRenewCursor | null = null;
    for (;;) {
      if (this.loop.isStopped) return;
      const candidates = await findAutoRenewCandidates(this.ctx.db, { upTo, after, limit: BATCH });
      for (const candidate of candidates) {
        after = { expiresAt: candidate.license_expires_at ?? candidate.expires_at, id: candidate.id };
        const attemptsForTerm = candidate.term_expires_at === candidate.expires_at ? candidate.attempts : 0;
        const attempt = attemptsForTerm + 1;
        const scheduled = this.dueAt(candidate.expires_at, attempt);
        const gapUntil = attemptsForTerm > 0 ? new Date(Date.parse(candidate.updated_at) + AUTO_RENEW_RETRY_GAP_MS).toISOString() : '';
        if (scheduled === null || scheduled > at || gapUntil > at) continue;
        const claimed = await claimAttempt(this.ctx.db, {
          id: candidate.id,
          readTerm: candidate.term_expires_at,
          readAttempts: candidate.attempts,
          termExpiresAt: candidate.expires_at,
          attempts: attempt,
          at,
        });
        if (!claimed) continue; // another instance, or a change since the read, has it
        await this.charge(candidate, attempt, now).catch((error: unknown) =>
          this.ctx.log.error({ err: error, licenseId: candidate.license_id }, 'automatic renewal charge could not be recorded'),
        );
      }
      if (candidates.length < BATCH) return;
    }
  }

  /** One claimed attempt: the charge, and its order or its failure. */
  private async charge(candidate: AutoRenewCandidate, attempt: number, now: Date): Promise<void> {
    const at = now.toISOString();
    const licenseId = candidate.license_id;
    const tier = candidate.price_id === null ? undefined : await findPriceById(this.ctx.db, candidate.price_id);
    const price = tier ? renewalPriceMinor(tier) : 0;
    if (!tier || tier.term === 'lifetime' || price < 1) {
      return this.stopCharging(candidate, 'the licence has no renewal price to charge', at);
    }
    // Today's tax of the buyer's country, from the order that saved the card (docs/tax.md "Renewals").
    let taxed: Awaited<ReturnType<typeof licenseTax>>;
    try {
      taxed = await licenseTax(this.ctx, { id: licenseId, order_id: candidate.order_id }, price, tier.currency);
    } catch (error) {
      // A licence sold before tax was set up, with no country on record: nothing is charged without its tax; the
      // buyer is e-mailed the renewal link, which asks for the country the next attempt then uses (docs/tax.md).
      if (error instanceof CountryUnknownError)
        return this.fail(candidate, attempt, { code: 'country_unknown', reason: "the buyer's country is not on record, so the tax cannot be computed" }, at);
      if (error instanceof AppError) return this.stopCharging(candidate, error.message, at);
      throw error;
    }
    const amount = taxed.tax.total;
    const provider = this.ctx.payments.named(candidate.provider);
    if (!provider) return this.fail(candidate, attempt, { code: 'provider_unavailable', reason: `${candidate.provider} payments are not configured` }, at);
    const email = candidate.customer_email;
    if (!email) return this.stopCharging(candidate, 'the licence has no e-mail address', at);

    let paymentMethodRef = candidate.payment_method_ref;
    try {
      if (paymentMethodRef === null && candidate.order_id !== null) {
        // Stripe: the card the first payment saved, read once from its PaymentIntent.
        const order = await findOrderById(this.ctx.db, candidate.order_id);
        paymentMethodRef = order ? await provider.savedPaymentMethod(order.provider_ref) : null;
        if (paymentMethodRef) await setSavedPaymentMethod(this.ctx.db, candidate.id, paymentMethodRef, at);
      }
      if (!paymentMethodRef) return this.fail(candidate, attempt, { code: 'no_saved_card', reason: 'no saved card was found for this licence' }, at);

      const plugin = await findPluginBySlug(this.ctx.db, candidate.plugin_slug);
      // One key per licence, term and attempt: a repeated request is the same charge (a retry after a decline is a new attempt).
      const idempotencyKey = `auto-renew:${licenseId}:${candidate.expires_at}:${attempt}`;
      const input: OffSessionInput = {
        amount,
        currency: tier.currency,
        customerEmail: email,
        pluginName: plugin?.name ?? candidate.plugin_slug,
        customerRef: candidate.customer_ref,
        paymentMethodRef,
        idempotencyKey,
        ...(taxed.tax.calculationRef ? { taxCalculationRef: taxed.tax.calculationRef } : {}),
      };
      const { providerRef } = await provider.prepareOffSession(input);
      // The order exists before any money moves, so the provider's own webhook for this intent finds it.
      const order = await insertPendingOrder(this.ctx.db, {
        email,
        plugin_slug: candidate.plugin_slug,
        amount,
        currency: tier.currency,
        price_id: tier.id,
        kind: 'renewal',
        target_license_id: licenseId,
        ...taxed.fields,
        provider: provider.name,
        provider_ref: providerRef,
        checkout_key: sha256Hex(idempotencyKey),
        created_at: at,
      });
      const outcome: OffSessionOutcome = await provider.confirmOffSession(providerRef, input);
      if (outcome.status === 'failed') return this.fail(candidate, attempt, outcome, at, order?.id ?? null);
      if (outcome.status === 'succeeded') {
        await applyPaymentEvent(this.ctx, {
          kind: 'paid',
          provider: provider.name,
          eventId: `auto-renew:${providerRef}`,
          eventType: 'auto_renew.charge_succeeded',
          providerRef,
        });
      }
      await setAttemptOutcome(this.ctx.db, candidate.id, { next_attempt_at: null, last_error: null }, at);
      await recordActivity(
        this.ctx.db,
        'auto_renew_charged',
        { license_id: licenseId, attempt, order_id: order?.id ?? null, amount, currency: tier.currency, status: outcome.status },
        at,
      );
      this.done.charged += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.ctx.log.warn({ err: error, licenseId }, 'automatic renewal: the payment provider did not answer');
      return this.fail(candidate, attempt, { code: 'provider_error', reason: 'the payment provider did not answer' }, at);
    }
  }

  /** A failed attempt: logged, and the renewal link e-mailed with the next try planned, or, after the last, the end. */
  private async fail(candidate: AutoRenewCandidate, attempt: number, failure: { code: string; reason: string }, at: string, orderId: number | null = null) {
    const next = this.dueAt(candidate.expires_at, attempt + 1);
    const lastError = `${failure.code}: ${failure.reason}`.slice(0, 300);
    await unitOfWork(this.ctx, async (unit) => {
      const { trx } = unit;
      await recordActivity(
        trx,
        'auto_renew_failed',
        { license_id: candidate.license_id, attempt, code: failure.code, reason: failure.reason, order_id: orderId, next_attempt_at: next },
        at,
      );
      if (next === null) {
        await setAutoRenewEnabled(trx, candidate.id, false, at, lastError);
        await recordActivity(trx, 'auto_renew_stopped', { license_id: candidate.license_id, attempts: attempt }, at);
      } else {
        await setAttemptOutcome(trx, candidate.id, { next_attempt_at: next, last_error: lastError }, at);
      }
      if (!candidate.customer_email) return;
      const kind = next === null ? AUTO_RENEW_STOPPED_EMAIL_KIND : AUTO_RENEW_FAILED_EMAIL_KIND;
      await queueEmail(unit, {
        to_address: candidate.customer_email,
        kind,
        dedupe_key: autoRenewEmailKey(kind, candidate.license_id, attempt, candidate.expires_at),
        at,
      });
    });
    if (next === null) this.done.stopped += 1;
    else this.done.failed += 1;
  }

  /** Nothing can be charged for this licence any more (no renewal price, no address): automatic renewal goes off. */
  private async stopCharging(candidate: AutoRenewCandidate, reason: string, at: string): Promise<void> {
    await unitOfWork(this.ctx, async ({ trx }) => {
      await setAutoRenewEnabled(trx, candidate.id, false, at, reason);
      await recordActivity(trx, 'auto_renew_stopped', { license_id: candidate.license_id, reason }, at);
    });
    this.done.stopped += 1;
  }
}
