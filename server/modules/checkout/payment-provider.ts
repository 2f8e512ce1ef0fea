import type { PaymentProviderName } from '../../../common/checkout.js';

export interface CreateIntentInput {
  amount: number;
  currency: string;
  customerEmail: string;
  pluginSlug: string;
  pluginName: string;
  /** The buyer asked for automatic renewal: the card is saved for off-session charges (Stripe: on a Customer). */
  saveCard?: boolean;
  /** Stripe Tax's calculation the amount comes from (decision 0014): the PaymentIntent names it, so Stripe records the tax. */
  taxCalculationRef?: string;
}

/** A consumer sale's tax as the provider's tax service computes it (Stripe Tax; decision 0014). */
export interface TaxCalculationInput {
  amount: number;
  currency: string;
  country: string;
  pricesIncludeTax: boolean;
}
export interface ProviderTax {
  calculationRef: string;
  net: number;
  tax: number;
  total: number;
  rateBp: number;
}

export interface CreatedIntent {
  /** The provider's reference the order is recorded under (Stripe: the PaymentIntent id). */
  providerRef: string;
  clientSecret: string;
  /** With `saveCard`: the provider's customer the card is saved on (Stripe: the Customer id), if it has such a thing. */
  customerRef?: string | null;
}

/** An automatic renewal's charge of a saved card, without the buyer (decision 0013). */
export interface OffSessionInput {
  amount: number;
  currency: string;
  customerEmail: string;
  pluginName: string;
  customerRef: string | null;
  paymentMethodRef: string;
  /** One per licence, term and attempt: a repeated request is the same charge, never a second one. */
  idempotencyKey: string;
  /** Stripe Tax's calculation the amount comes from (as CreateIntentInput's). */
  taxCalculationRef?: string;
}

export type OffSessionOutcome =
  | { status: 'succeeded' }
  /** Accepted, not settled yet (Stripe `processing`): the provider's webhook fulfils the order. */
  | { status: 'processing' }
  /** Declined, or the bank wants the buyer to authenticate (`authentication_required`); `reason` is for the log. */
  | { status: 'failed'; code: string; reason: string };

/** The two steps of every card provider: the server creates an intent, the browser confirms it with the client secret. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /**
   * The same buyer tries again while their order waits (server/modules/checkout/checkout.service.ts): a client
   * secret for the order's existing intent when it can still be paid for `input`, else null (a new intent is made).
   */
  reuseIntent(providerRef: string, input: CreateIntentInput): Promise<CreatedIntent | null>;
  /** Drops an intent no order uses (a parallel attempt's order won); best effort, never throws. */
  cancelIntent(providerRef: string): Promise<void>;
  /**
   * Gives a paid intent's whole amount back to the buyer (issue 26: full refunds only). `idempotencyKey` makes a
   * repeated call (two admins at once, a retry) the same refund. Throws PaymentRefusedError when the provider says
   * no (already refunded, disputed), PaymentProviderError when it cannot be reached.
   */
  refund(providerRef: string, input: RefundInput): Promise<CreatedRefund>;
  /** The card a paid checkout with `saveCard` saved (Stripe: the PaymentIntent's PaymentMethod), or null. */
  savedPaymentMethod(providerRef: string): Promise<string | null>;
  /** Step one of an off-session charge: an intent for the saved card, not confirmed yet (the order is recorded under it first). */
  prepareOffSession(input: OffSessionInput): Promise<{ providerRef: string }>;
  /** Step two: confirms it without the buyer. Throws PaymentProviderError only when the provider cannot be reached. */
  confirmOffSession(providerRef: string, input: OffSessionInput): Promise<OffSessionOutcome>;
  /** Stripe Tax (decision 0014): the tax of a consumer sale, or null when the provider's tax service is off; absent: none. */
  calculateTax?(input: TaxCalculationInput): Promise<ProviderTax | null>;
  /** The country that issued the card a paid intent was paid with (Stripe: its PaymentMethod's `card.country`), or null. */
  cardCountry?(providerRef: string): Promise<string | null>;
}

export interface RefundInput {
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export interface CreatedRefund {
  /** The provider's reference of the refund (Stripe: the Refund id). */
  refundRef: string;
}

/** A provider failure the buyer can do nothing about but retry (network, provider outage, bad key). */
export class PaymentProviderError extends Error {}

/** The provider answered and refused what was asked (e.g. a refund of a payment it has refunded already). */
export class PaymentRefusedError extends PaymentProviderError {}
