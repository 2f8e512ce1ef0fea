import type { FastifyRequest } from 'fastify';
import {
  LEMONSQUEEZY_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_EVENTS,
  type PaymentSetup,
  type PaymentSetupUpdate,
  type StripeCheck,
} from '../../../common/payment-setup.js';
import type { AppContext } from '../../kernel/context.js';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import {
  isTestPaymentsMode,
  isTestStripeKey,
  PAYMENTS_LIVE_KEY,
  STRIPE_PUBLISHABLE_KEY_SETTING,
  stripePublishableKey,
  webhookReceivedAt,
} from '../settings/index.js';
import { passwordRequired, requireRecentSignIn } from './recent-sign-in.js';
import { checkStripeKeys } from './stripe-check.js';

/** The internal setting of the last Check: its answer and the keys it was for (a short hash). */
const STRIPE_CHECK_KEY = 'stripe_check';

const keysId = (ctx: AppContext): string =>
  sha256Hex(`stripe ${ctx.settings.getSecret('stripe_secret_key') ?? ''} ${stripePublishableKey(ctx) ?? ''}`).slice(0, 16);

/** The last Check of the keys now set, or null (never checked, or changed since). */
function lastCheck(ctx: AppContext): StripeCheck | null {
  const stored = ctx.settings.getInternal(STRIPE_CHECK_KEY) as (StripeCheck & { keys_id?: string }) | null | undefined;
  if (!stored || stored.keys_id !== keysId(ctx)) return null;
  const { keys_id: _keys, ...check } = stored;
  return check;
}

/** Why "Go live" is refused now, each in plain words; empty when it is allowed. */
export function goLiveBlockers(ctx: AppContext): string[] {
  const blockers: string[] = [];
  if (ctx.config.PAYMENTS_TEST_MODE === true) blockers.push("PAYMENTS_TEST_MODE=true is set in this server's environment: remove it, then restart.");
  const secretKey = ctx.settings.getSecret('stripe_secret_key');
  const lemonSecret = ctx.settings.getSecret('lemonsqueezy_webhook_secret');
  if (secretKey) {
    const check = lastCheck(ctx);
    if (isTestStripeKey(secretKey)) blockers.push('The Stripe keys are test keys: enter your live keys (sk_live_…, pk_live_…) and check them.');
    else if (!check) blockers.push('The Stripe keys have not been checked: press "Check".');
    else if (!check.ok) blockers.push(`The Stripe keys did not pass the check: ${check.message}`);
    if (!webhookReceivedAt(ctx.settings, 'stripe', ctx.settings.getSecret('stripe_webhook_secret'))) {
      blockers.push(
        'No signed webhook from Stripe has arrived yet: add the webhook address in Stripe with the events listed, save its signing secret here, and send an event.',
      );
    }
  } else if (lemonSecret) {
    if (!ctx.settings.get('lemonsqueezy_store')) blockers.push('Enter your Lemon Squeezy store.');
    if (!webhookReceivedAt(ctx.settings, 'lemonsqueezy', lemonSecret)) blockers.push('No signed webhook from Lemon Squeezy has arrived yet.');
  } else {
    blockers.push('No payment provider is set up: enter your Stripe keys (or the Lemon Squeezy webhook secret and store).');
  }
  if (!ctx.settings.emailLinkBase()) {
    blockers.push(
      "The shop's address is not confirmed: confirm it on the Dashboard (or set the Base URL in Settings), so links and the webhook address are right.",
    );
  }
  return blockers;
}

export async function paymentSetupView(ctx: AppContext, request: FastifyRequest): Promise<PaymentSetup> {
  const base = ctx.settings.emailLinkBase();
  const { settings } = ctx;
  const live = !isTestPaymentsMode(ctx);
  const publishable = stripePublishableKey(ctx);
  return {
    mode: live ? 'live' : 'test',
    stripe: {
      secret_key: settings.secretView('stripe_secret_key'),
      publishable_key: { value: publishable, source: ctx.config.STRIPE_PUBLISHABLE_KEY ? 'environment' : publishable ? 'admin' : null },
      webhook_secret: settings.secretView('stripe_webhook_secret'),
      check: lastCheck(ctx),
      webhook_url: base ? `${base}/api/webhooks/stripe` : null,
      webhook_events: [...STRIPE_WEBHOOK_EVENTS],
      webhook_received_at: webhookReceivedAt(settings, 'stripe', settings.getSecret('stripe_webhook_secret')),
    },
    lemonsqueezy: {
      webhook_secret: settings.secretView('lemonsqueezy_webhook_secret'),
      store: settings.get('lemonsqueezy_store'),
      webhook_url: base ? `${base}/api/webhooks/lemonsqueezy` : null,
      webhook_events: [...LEMONSQUEEZY_WEBHOOK_EVENTS],
      webhook_received_at: webhookReceivedAt(settings, 'lemonsqueezy', settings.getSecret('lemonsqueezy_webhook_secret')),
    },
    shop_address_confirmed: base !== null,
    go_live_blockers: live ? [] : goLiveBlockers(ctx),
    password_required: await passwordRequired(ctx, request),
  };
}

/** Saves what the Payments page sent; a value the environment sets is refused (it would never be used). */
export async function savePaymentSetup(ctx: AppContext, request: FastifyRequest, body: PaymentSetupUpdate): Promise<void> {
  const { password, stripe_publishable_key: publishable, lemonsqueezy_store: store, ...secrets } = body;
  if (Object.values(secrets).some((value) => value !== undefined)) await requireRecentSignIn(ctx, request, password);
  for (const name of ['stripe_secret_key', 'stripe_webhook_secret', 'lemonsqueezy_webhook_secret'] as const) {
    if (secrets[name] !== undefined && ctx.settings.secretSource(name) === 'environment') {
      throw new AppError('CONFLICT', `${name} is set by the environment, which wins: change it there (docs/secrets.md).`);
    }
  }
  await ctx.settings.setSecrets(secrets);
  if (publishable !== undefined) await ctx.settings.setInternal({ [STRIPE_PUBLISHABLE_KEY_SETTING]: publishable || null });
  if (store !== undefined) await ctx.settings.update({ lemonsqueezy_store: store });
}

export async function checkStripe(ctx: AppContext): Promise<StripeCheck> {
  const answer = await checkStripeKeys(ctx.config, ctx.settings.getSecret('stripe_secret_key'), stripePublishableKey(ctx));
  const check = { ...answer, checked_at: nowIso() };
  await ctx.settings.setInternal({ [STRIPE_CHECK_KEY]: { ...check, keys_id: keysId(ctx) } });
  return check;
}

/** "Go live" (refused with every reason while any holds) or back to test payments. */
export async function setPaymentsLive(ctx: AppContext, live: boolean): Promise<void> {
  if (live) {
    const blockers = goLiveBlockers(ctx);
    if (blockers.length > 0) throw new AppError('CONFLICT', `Not live yet: ${blockers.join(' ')}`);
  }
  await ctx.settings.setInternal({ [PAYMENTS_LIVE_KEY]: live });
}

/** Whether the Check passed and a webhook arrived for the provider in use (the dashboard's checklist). */
export function paymentsWorking(ctx: AppContext): boolean {
  if (ctx.settings.getSecret('stripe_secret_key')) {
    return lastCheck(ctx)?.ok === true && webhookReceivedAt(ctx.settings, 'stripe', ctx.settings.getSecret('stripe_webhook_secret')) !== null;
  }
  const lemonSecret = ctx.settings.getSecret('lemonsqueezy_webhook_secret');
  return lemonSecret !== null && Boolean(ctx.settings.get('lemonsqueezy_store')) && webhookReceivedAt(ctx.settings, 'lemonsqueezy', lemonSecret) !== null;
}
