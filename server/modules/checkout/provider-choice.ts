import type { AppContext } from '../../kernel/context.js';
import type { Config } from '../../config.js';
import { isTestProviderLive, stripeApiTarget, stripeKeyInUse, stripePublishableKey, type SettingsService } from '../settings/index.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';
import { createTestProvider } from './test-provider.js';

export type ProviderChoice = { available: true; provider: PaymentProvider } | { available: false; message: string };

export const PAYMENTS_UNAVAILABLE_MESSAGE =
  'Card payments are not configured on this server: set STRIPE_SECRET_KEY for Stripe, or PAYMENTS_TEST_MODE=true for the built-in test provider.';

export const TEST_PROVIDER_OFF_MESSAGE =
  'Test payments are switched off on this server (a real payment provider is configured, or PAYMENTS_TEST_MODE=false); no payment was taken.';

/**
 * The app's payment providers (ctx.payments, made once in server/services.ts). A provider given to buildApp
 * (tests: Stripe pointed at a stand-in API) is always chosen; Stripe's client is made on first use and kept.
 */
export class PaymentProviders {
  private stripe: { key: string; provider: PaymentProvider } | undefined;
  // One test provider per app: it remembers its refunds' idempotency keys, as Stripe does.
  private test: PaymentProvider | undefined;

  constructor(
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly override?: PaymentProvider,
  ) {}

  /** The test provider while it is live (PAYMENTS_TEST_MODE=true wins over Stripe); otherwise Stripe when STRIPE_SECRET_KEY is set. */
  choose(): ProviderChoice {
    if (this.override) return { available: true, provider: this.override };
    if (isTestProviderLive({ config: this.config, settings: this.settings })) return { available: true, provider: (this.test ??= createTestProvider()) };
    const stripe = this.stripeProvider();
    return stripe ? { available: true, provider: stripe } : { available: false, message: PAYMENTS_UNAVAILABLE_MESSAGE };
  }

  /**
   * Lemon Squeezy is the shop's provider (docs/pricing.md "Lemon Squeezy"): no card provider is chosen (the test
   * provider is off, no STRIPE_SECRET_KEY), its webhook secret is set and so is its store. Purchase then goes to its
   * hosted checkout; `store` is null while the store is not set yet (the buyer is told payments are not set up).
   */
  lemonSqueezy(): { store: string | null } | null {
    const ctx = { config: this.config, settings: this.settings };
    if (this.override || isTestProviderLive(ctx) || stripeKeyInUse(ctx)) return null;
    if (this.settings.getSecret('lemonsqueezy_webhook_secret') === null) return null;
    return { store: this.settings.get('lemonsqueezy_store') };
  }

  /**
   * The provider an order was paid through, for what follows the payment (a refund), whichever provider new
   * checkouts use now: the test provider's orders stay refundable after Stripe is configured. Null for a provider
   * this server cannot act through (Lemon Squeezy: its dashboard), or Stripe without STRIPE_SECRET_KEY.
   */
  named(name: string): PaymentProvider | null {
    if (this.override?.name === name) return this.override;
    if (name === 'test') return (this.test ??= createTestProvider());
    if (name !== 'stripe') return null;
    return this.stripeProvider();
  }

  /** Stripe with the keys in use now, made again when the Payments page changed them (on any instance). */
  private stripeProvider(): PaymentProvider | null {
    const ctx = { config: this.config, settings: this.settings };
    const secretKey = stripeKeyInUse(ctx);
    if (!secretKey) return null;
    const publishableKey = stripePublishableKey(ctx);
    const cacheKey = `${secretKey} ${publishableKey ?? ''}`;
    if (this.stripe?.key !== cacheKey) {
      this.stripe = { key: cacheKey, provider: createStripeProvider({ secretKey, publishableKey, ...stripeApiTarget(this.config) }) };
    }
    return this.stripe.provider;
  }
}

/** Whether the built-in test provider may confirm payments right now. */
export function isTestProviderAllowed(ctx: AppContext): boolean {
  const choice = ctx.payments.choose();
  return choice.available && choice.provider.name === 'test';
}
