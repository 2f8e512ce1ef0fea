import Stripe from 'stripe';
import {
  PaymentProviderError,
  PaymentRefusedError,
  type CreatedRefund,
  type CreateIntentInput,
  type CreatedIntent,
  type OffSessionInput,
  type OffSessionOutcome,
  type PaymentProvider,
  type ProviderTax,
  type RefundInput,
  type TaxCalculationInput,
} from './payment-provider.js';

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

/** PaymentIntent statuses in which the buyer has not paid yet and may still pay. */
const REUSABLE_STATUSES = new Set<Stripe.PaymentIntent.Status>(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = createStripeClient(options);
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    // Stripe Tax's Tax Calculations API (decision 0014); null when Stripe Tax is not activated on the account.
    async calculateTax(input: TaxCalculationInput): Promise<ProviderTax | null> {
      try {
        const calculation = await stripe.tax.calculations.create({
          currency: input.currency.toLowerCase(),
          line_items: [{ amount: input.amount, reference: 'licence', tax_behavior: input.pricesIncludeTax ? 'inclusive' : 'exclusive' }],
          customer_details: { address: { country: input.country }, address_source: 'billing' },
        });
        const tax = calculation.tax_amount_exclusive + calculation.tax_amount_inclusive;
        const percent = Number(calculation.tax_breakdown[0]?.tax_rate_details.percentage_decimal ?? '0');
        return {
          calculationRef: calculation.id ?? '',
          net: calculation.amount_total - tax,
          tax,
          total: calculation.amount_total,
          rateBp: Math.round(percent * 100),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'stripe_tax_inactive') return null;
        throw new PaymentProviderError(`Stripe Tax could not compute the tax: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
      try {
        // Automatic renewal: the card is saved on the buyer's Customer (one per e-mail, reused) for off-session use.
        const customerRef = input.saveCard ? await customerFor(stripe, input.customerEmail) : null;
        const intent = await stripe.paymentIntents.create({
          amount: input.amount,
          currency: input.currency.toLowerCase(),
          receipt_email: input.customerEmail,
          description: input.pluginName,
          automatic_payment_methods: { enabled: true },
          // The webhook can rebuild the order from these should the pending order be missing.
          metadata: { plugin_slug: input.pluginSlug, customer_email: input.customerEmail },
          ...(customerRef ? { customer: customerRef, setup_future_usage: 'off_session' as const } : {}),
          // Stripe Tax: the calculation this amount comes from, so Stripe records the tax transaction (decision 0014).
          ...(input.taxCalculationRef ? { hooks: { inputs: { tax: { calculation: input.taxCalculationRef } } } } : {}),
        });
        if (!intent.client_secret) throw new PaymentProviderError('Stripe answered without a client secret');
        return { providerRef: intent.id, clientSecret: intent.client_secret, customerRef };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw new PaymentProviderError(`Stripe refused to create the payment: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Stripe's advice for a buyer who comes back: keep one PaymentIntent per purchase. Reused while the buyer can
    // still pay it and it asks what this attempt asks; one that is processing, paid or cancelled is not.
    async reuseIntent(providerRef: string, input: CreateIntentInput): Promise<CreatedIntent | null> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.retrieve(providerRef);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw new PaymentProviderError(`Stripe did not answer for the payment ${providerRef}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const payable = REUSABLE_STATUSES.has(intent.status) && intent.amount === input.amount && intent.currency === input.currency.toLowerCase();
      return payable && intent.client_secret ? { providerRef: intent.id, clientSecret: intent.client_secret } : null;
    },
    async cancelIntent(providerRef: string): Promise<void> {
      await stripe.paymentIntents.cancel(providerRef).catch(() => undefined);
    },
    // A refund of the PaymentIntent's charge, for its whole amount (asked for explicitly, so a partial refund made
    // in Stripe's dashboard before cannot turn this into "the rest"). Stripe's own idempotency key makes a repeat
    // answer the same Refund instead of a second one.
    async refund(providerRef: string, input: RefundInput): Promise<CreatedRefund> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: providerRef, amount: input.amount, metadata: { reason: 'refunded by the shop admin' } },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw new PaymentRefusedError(`Stripe did not refund the payment (refund ${refund.status})`);
        return { refundRef: refund.id };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        const message = error instanceof Error ? error.message : String(error);
        // Stripe answered with a refusal (already refunded, disputed, unknown payment): nothing to retry.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
          throw new PaymentRefusedError(`Stripe refused the refund: ${message}`);
        throw new PaymentProviderError(`Stripe did not answer the refund of ${providerRef}: ${message}`);
      }
    },
    // The location evidence's card country (docs/tax.md): the PaymentMethod's card.country; best effort, null on any failure.
    async cardCountry(providerRef: string): Promise<string | null> {
      try {
        const method = idOf((await stripe.paymentIntents.retrieve(providerRef)).payment_method);
        return method ? ((await stripe.paymentMethods.retrieve(method)).card?.country ?? null) : null;
      } catch {
        return null;
      }
    },
    async savedPaymentMethod(providerRef: string): Promise<string | null> {
      try {
        const intent = await stripe.paymentIntents.retrieve(providerRef);
        return intent.status === 'succeeded' ? idOf(intent.payment_method) : null;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw new PaymentProviderError(`Stripe did not answer for the payment ${providerRef}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    // Off-session charges (decision 0013): made in two steps so the order is recorded under the intent before any
    // money moves. No plugin_slug in the metadata: the webhook must never rebuild a new sale from a renewal's intent.
    async prepareOffSession(input: OffSessionInput): Promise<{ providerRef: string }> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            receipt_email: input.customerEmail,
            description: `${input.pluginName} (automatic renewal)`,
            payment_method: input.paymentMethodRef,
            ...(input.customerRef ? { customer: input.customerRef } : {}),
            metadata: { customer_email: input.customerEmail, auto_renew: 'true' },
            ...(input.taxCalculationRef ? { hooks: { inputs: { tax: { calculation: input.taxCalculationRef } } } } : {}),
          },
          { idempotencyKey: `${input.idempotencyKey}:create` },
        );
        return { providerRef: intent.id };
      } catch (error) {
        throw new PaymentProviderError(`Stripe refused to create the renewal payment: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async confirmOffSession(providerRef: string, input: OffSessionInput): Promise<OffSessionOutcome> {
      try {
        const intent = await stripe.paymentIntents.confirm(
          providerRef,
          { payment_method: input.paymentMethodRef, off_session: true },
          { idempotencyKey: `${input.idempotencyKey}:confirm` },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded' };
        if (intent.status === 'processing') return { status: 'processing' };
        if (intent.status === 'requires_action')
          return { status: 'failed', code: 'authentication_required', reason: 'the bank asks the buyer to authenticate this payment' };
        return { status: 'failed', code: intent.status, reason: `the payment is ${intent.status}` };
      } catch (error) {
        // A decline or an authentication the bank asks for: Stripe answers 402 with a card error.
        if (error instanceof Stripe.errors.StripeCardError)
          return { status: 'failed', code: error.code ?? 'card_declined', reason: error.message || 'the saved card was declined' };
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { status: 'failed', code: error.code ?? 'invalid_request', reason: error.message || 'Stripe refused the payment' };
        throw new PaymentProviderError(`Stripe did not answer the renewal payment ${providerRef}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** The buyer's Stripe Customer: the one with this e-mail made before (by this server), else a new one. */
async function customerFor(stripe: Stripe, email: string): Promise<string> {
  const found = await stripe.customers.list({ email, limit: 1 });
  const existing = found.data[0];
  if (existing) return existing.id;
  const created = await stripe.customers.create({ email, metadata: { created_by: 'plugin-licensing-server' } });
  return created.id;
}
