import type { Config } from '../../config.js';
import type { SettingsService } from './settings.service.js';
import { sha256Hex } from '../../lib/crypto.js';

// Which payments are live (issue 41; docs/payment-setup.md), read from the environment and the settings alone, so
// the checkout (which provider), the outbox (links in full while testing) and the Payments page agree.

type ModeContext = { config: Config; settings: SettingsService };

/**
 * Whether the built-in test provider (free licences with card 4242) is live: PAYMENTS_TEST_MODE decides when
 * set; otherwise only while no real provider is configured. The Lemon Squeezy secret can be saved in Settings
 * at run time, so it is read on every call.
 */
export function isTestProviderLive(ctx: ModeContext): boolean {
  const { PAYMENTS_TEST_MODE } = ctx.config;
  if (PAYMENTS_TEST_MODE !== undefined) return PAYMENTS_TEST_MODE;
  return !stripeKeyInUse(ctx) && ctx.settings.getSecret('lemonsqueezy_webhook_secret') === null;
}

/** The internal setting "Go live" sets (server/modules/payment-setup): a live key saved in the admin takes payments only after it. */
export const PAYMENTS_LIVE_KEY = 'payments_live';
/** The publishable key saved on the Payments page (public: no sealing); STRIPE_PUBLISHABLE_KEY wins. */
export const STRIPE_PUBLISHABLE_KEY_SETTING = 'stripe_publishable_key';

export const isTestStripeKey = (key: string): boolean => /^(sk|rk|pk)_test_/.test(key);

/**
 * The Stripe secret key checkouts use: STRIPE_SECRET_KEY as before; a key saved on the Payments page when it is a
 * test key, or a live one once the vendor went live (a live key saved early never takes money before that step).
 */
export function stripeKeyInUse(ctx: ModeContext): string | null {
  const key = ctx.settings.getSecret('stripe_secret_key');
  if (!key) return null;
  if (ctx.settings.secretSource('stripe_secret_key') === 'environment' || isTestStripeKey(key)) return key;
  return ctx.settings.getInternal(PAYMENTS_LIVE_KEY) === true ? key : null;
}

export function stripePublishableKey(ctx: ModeContext): string | null {
  const saved = ctx.settings.getInternal(STRIPE_PUBLISHABLE_KEY_SETTING);
  return ctx.config.STRIPE_PUBLISHABLE_KEY ?? (typeof saved === 'string' && saved !== '' ? saved : null);
}

/** Where the Stripe client sends its calls: Stripe, or the stand-in STRIPE_API_URL names (tests only). */
export function stripeApiTarget(config: Config): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!config.STRIPE_API_URL) return {};
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * Whether the shop takes test payments now (the outbox then shows e-mails in full, docs/payment-setup.md): the
 * built-in test provider is live, Stripe runs on a test key, or Lemon Squeezy takes payments before "Go live".
 */
export function isTestPaymentsMode(ctx: ModeContext): boolean {
  if (isTestProviderLive(ctx)) return true;
  const stripeKey = stripeKeyInUse(ctx);
  if (stripeKey) return isTestStripeKey(stripeKey);
  // PAYMENTS_TEST_MODE=false: the operator said no test payments, whatever else is set.
  if (ctx.config.PAYMENTS_TEST_MODE === false) return false;
  return ctx.settings.getInternal(PAYMENTS_LIVE_KEY) !== true;
}

/** The internal setting of each provider's first signed webhook: when, and under which secret (a short hash). */
const webhookReceivedKey = (provider: 'stripe' | 'lemonsqueezy') => `${provider}_webhook_received`;
const secretId = (secret: string): string => sha256Hex(`webhook ${secret}`).slice(0, 16);

/**
 * Remembers that a webhook signed with `secret` arrived (the Payments page ticks, "Go live" allows it). One settings
 * write per secret: later webhooks signed with the same secret write nothing.
 */
export async function noteWebhookReceived(settings: SettingsService, provider: 'stripe' | 'lemonsqueezy', secret: string, at: string): Promise<void> {
  if (webhookReceivedAt(settings, provider, secret) !== null) return;
  await settings.setInternal({ [webhookReceivedKey(provider)]: { at, secret_id: secretId(secret) } });
}

/** When the first webhook signed with the current secret arrived, or null. */
export function webhookReceivedAt(settings: SettingsService, provider: 'stripe' | 'lemonsqueezy', secret: string | null): string | null {
  const stored = settings.getInternal(webhookReceivedKey(provider)) as { at?: unknown; secret_id?: unknown } | null | undefined;
  if (!secret || !stored || stored.secret_id !== secretId(secret) || typeof stored.at !== 'string') return null;
  return stored.at;
}
