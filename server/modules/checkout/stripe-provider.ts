import Stripe from 'stripe';
import { PaymentProviderError, type CreateIntentInput, type CreatedIntent, type PaymentProvider } from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  /** Where the Stripe API lives; tests point these at a local stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function createStripeClient(options: Pick<StripeProviderOptions, 'secretKey' | 'host' | 'port' | 'protocol'>): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
      try {
        const intent = await stripe.paymentIntents.create({
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          receipt_email: input.customerEmail,
          description: input.pluginName,
          automatic_payment_methods: { enabled: true },
          // The webhook can rebuild the order from these should the pending order be missing.
          metadata: { plugin_slug: input.pluginSlug, customer_email: input.customerEmail },
        });
        if (!intent.client_secret) throw new PaymentProviderError('Stripe answered without a client secret');
        return { providerRef: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError(`Stripe refused to create the payment: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
