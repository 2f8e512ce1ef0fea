import type { AppContext } from '../../context.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { createTestProvider } from './test-provider.js';

export type ProviderChoice = { available: true; provider: PaymentProvider } | { available: false; message: string };

const overrides = new WeakMap<AppContext, PaymentProvider>();

/** Tests point the app at a stand-in Stripe API through this. */
export function setPaymentProvider(ctx: AppContext, provider: PaymentProvider): void {
  overrides.set(ctx, provider);
}

export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'Card payments are not configured on this server: set STRIPE_SECRET_KEY for Stripe, or PAYMENTS_TEST_MODE=true for the built-in test provider.';

export const TEST_PROVIDER_OFF_MESSAGE =
  'Test payments are switched off on this server (a real payment provider is configured, or PAYMENTS_TEST_MODE=false); no payment was taken.';

/**
 * Whether the built-in test provider (free licences with card 4242) is live: PAYMENTS_TEST_MODE decides when
 * set; otherwise only while no real provider is configured. The Lemon Squeezy secret can be saved in Settings
 * at run time, so it is read on every call.
 */
export function isTestProviderLive(ctx: AppContext): boolean {
  const { PAYMENTS_TEST_MODE, STRIPE_SECRET_KEY } = ctx.config;
  if (PAYMENTS_TEST_MODE !== undefined) return PAYMENTS_TEST_MODE;
  return !STRIPE_SECRET_KEY && ctx.settings.getSecret('lemonsqueezy_webhook_secret') === null;
}

/** The test provider while it is live (PAYMENTS_TEST_MODE=true wins over Stripe); otherwise Stripe when STRIPE_SECRET_KEY is set. */
export function choosePaymentProvider(ctx: AppContext): ProviderChoice {
  const override = overrides.get(ctx);
  if (override) return { available: true, provider: override };
  if (isTestProviderLive(ctx)) return { available: true, provider: createTestProvider() };
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY } = ctx.config;
  if (!STRIPE_SECRET_KEY) return { available: false, message: PAYMENTS_UNAVAILABLE_MESSAGE };
  const provider = createStripeProvider({ secretKey: STRIPE_SECRET_KEY, publishableKey: STRIPE_PUBLISHABLE_KEY ?? null });
  overrides.set(ctx, provider);
  return { available: true, provider };
}

/** Whether the built-in test provider may confirm payments right now. */
export function isTestProviderAllowed(ctx: AppContext): boolean {
  const choice = choosePaymentProvider(ctx);
  return choice.available && choice.provider.name === 'test';
}
