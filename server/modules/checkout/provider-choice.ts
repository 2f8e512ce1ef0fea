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

export const TEST_MODE_REFUSED_MESSAGE =
  'Card payments are not configured: set STRIPE_SECRET_KEY, or PAYMENTS_TEST_MODE=true to allow the built-in test provider in production.';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test provider, refused in production unless PAYMENTS_TEST_MODE=true. */
export function choosePaymentProvider(ctx: AppContext): ProviderChoice {
  const override = overrides.get(ctx);
  if (override) return { available: true, provider: override };
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, NODE_ENV, PAYMENTS_TEST_MODE } = ctx.config;
  if (STRIPE_SECRET_KEY) {
    const provider = createStripeProvider({ secretKey: STRIPE_SECRET_KEY, publishableKey: STRIPE_PUBLISHABLE_KEY ?? null });
    overrides.set(ctx, provider);
    return { available: true, provider };
  }
  if (NODE_ENV === 'production' && PAYMENTS_TEST_MODE !== true) return { available: false, message: TEST_MODE_REFUSED_MESSAGE };
  return { available: true, provider: createTestProvider() };
}

/** Whether the built-in test provider may confirm payments in this configuration. */
export function isTestProviderAllowed(ctx: AppContext): boolean {
  const choice = choosePaymentProvider(ctx);
  return choice.available && choice.provider.name === 'test';
}
