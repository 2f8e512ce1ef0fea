import Stripe from 'stripe';
import type { AppContext } from '../../kernel/context.js';
import type { PaymentEvent } from '../orders/index.js';

export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

// Signature checks need no API key; this client never calls the API.
const verifier = new Stripe('sk_webhook_verification_only');

export class WebhookSignatureError extends Error {}

/** Verifies the Stripe-Signature header over the raw body (300 s tolerance) and answers the event. */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  try {
    return verifier.webhooks.constructEvent(rawBody, signature, secret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(`Invalid Stripe signature: ${error instanceof Error ? error.message : 'verification failed'}`);
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** Maps a verified Stripe event to the fulfilment event it means. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { provider: 'stripe', eventId: event.id, eventType: event.type };
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    const pluginSlug = intent.metadata?.plugin_slug;
    const email = intent.metadata?.customer_email ?? intent.receipt_email;
    return {
      ...base,
      kind: 'paid',
      providerRef: intent.id,
      ...(pluginSlug && email
        ? { order: { email, pluginSlug, amount: intent.amount_received || intent.amount, currency: (intent.currency || 'gbp').toUpperCase() } }
        : {}),
    };
  }
  if (event.type === 'charge.refunded') {
    const paymentIntentId = idOf(event.data.object.payment_intent);
    if (!paymentIntentId) return { ...base, kind: 'ignored', reason: 'ignored', note: 'refund without a payment intent' };
    return { ...base, kind: 'refunded', providerRef: paymentIntentId };
  }
  return { ...base, kind: 'ignored', reason: 'ignored', note: `event type ${event.type} is not handled` };
}

export const stripeWebhookSecret = (ctx: AppContext): string | null => ctx.settings.getSecret('stripe_webhook_secret');
