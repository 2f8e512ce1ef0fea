import { z } from 'zod';
import { buyerTaxFields, taxQuoteSchema } from './tax.js';
import { idField } from './ids.js';
import { ORDER_STATUSES } from './orders.js';
import { checkoutCouponCodeField } from './coupons.js';
import { PRICE_TERMS } from './prices.js';

// Checkout calls (docs/product-spec.md section 7; docs/design.md section 7).

/** Test cards of the built-in test provider. */
export const TEST_CARD_SUCCESS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';
export const TEST_CARD_DECLINE_MESSAGE = 'Your card was declined. Try the test card 4242 4242 4242 4242.';
/** Pays at checkout, but its later automatic-renewal charges are declined (as Stripe's 4000 0000 0000 0341). */
export const TEST_CARD_RENEWAL_DECLINED = '4000000000000341';
/** Pays at checkout, but its later automatic-renewal charges need the buyer to authenticate (as Stripe's 4000 0027 6000 3184). */
export const TEST_CARD_RENEWAL_NEEDS_AUTH = '4000002760003184';
/**
 * Test cards that pay and report the country that issued them (Stripe's international test cards), for the
 * location evidence (docs/tax.md): 4242 4242 4242 4242 and the renewal cards report none.
 */
export const TEST_CARD_COUNTRIES: Readonly<Record<string, string>> = {
  '4000002760000016': 'DE',
  '4000002500000003': 'FR',
  '4000008260000000': 'GB',
  '4000000400000008': 'AT',
};

export const customerEmailSchema = z
  .string({ error: 'customerEmail is required' })
  .trim()
  .min(1, 'customerEmail is required')
  .max(254, 'customerEmail must be at most 254 characters')
  .pipe(z.email({ message: 'customerEmail must be a valid e-mail address such as name@example.com' }));

export const createPaymentIntentBodySchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().trim().min(1, 'item id is required').max(200),
        name: z.string().max(300).optional(),
        /** The price tier bought (common/prices.ts); left out, the plugin's first active tier. */
        price_id: idField('price_id').optional(),
      }),
      { error: 'items must be a list of {id, name, price_id}' },
    )
    .length(1, 'exactly one item can be bought at a time'),
  amount: z.number({ error: 'amount must be a whole number of minor units' }).int('amount must be a whole number of minor units').min(0),
  customerEmail: customerEmailSchema,
  /** A coupon code (docs/pricing.md "Coupons"); `amount` is then the price after its discount. */
  coupon_code: checkoutCouponCodeField,
  /** Automatic renewal (docs/pricing.md): the card is saved and charged at expiry. Only for a tier with a term. */
  auto_renew: z.boolean({ error: 'auto_renew must be true or false' }).optional(),
  /** The buyer's country, VAT number, name and address (docs/tax.md); `amount` is then the total with tax. */
  ...buyerTaxFields,
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentResponseSchema = z.object({ clientSecret: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/checkout/config: which card form the page shows; `lemonsqueezy`: Purchase goes to its hosted checkout. */
export const checkoutConfigSchema = z.object({
  provider: z.enum([...PAYMENT_PROVIDERS, 'lemonsqueezy', 'unavailable']),
  publishableKey: z.string().nullable(),
  message: z.string().nullable(),
});
export type CheckoutConfig = z.infer<typeof checkoutConfigSchema>;

/** POST /api/checkout/test/confirm: the test provider's card confirmation. */
export const testConfirmBodySchema = z.object({
  clientSecret: z.string().trim().min(1, 'clientSecret is required').max(300),
  cardNumber: z
    .string({ error: 'cardNumber is required' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'cardNumber must be 12 to 19 digits')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'expiry must be MM/YY')
    .optional(),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'cvc must be 3 or 4 digits')
    .optional(),
});
export type TestConfirmBody = z.input<typeof testConfirmBodySchema>;

export const testConfirmResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('declined'), message: z.string() }),
]);
export type TestConfirmResponse = z.infer<typeof testConfirmResponseSchema>;

/**
 * POST /api/checkout/order: the order a checkout made, for its success page. The proof is the client secret the
 * checkout answered this browser (kept in its sessionStorage, or in Stripe's return URL); nobody else has it.
 */
export const checkoutOrderBodySchema = z.object({ clientSecret: z.string().trim().min(1, 'clientSecret is required').max(300) });
export type CheckoutOrderBody = z.infer<typeof checkoutOrderBodySchema>;

export const checkoutOrderSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  plugin_slug: z.string(),
  /** The plugin's name, or its slug when the plugin is gone. */
  plugin_name: z.string(),
  /** What was charged, in minor units. */
  amount: z.number().int(),
  currency: z.string(),
  /** The tier bought (its name, sites and term), for the success page's line; null for an order without one. */
  tier: z.object({ name: z.string(), term: z.enum(PRICE_TERMS), sites: z.number().int().nullable() }).nullable(),
  /** The licence's expiry once paid ("Updates until 28 November 2027, renewable"); null for a lifetime one. */
  expires_at: z.string().nullable(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

/** The answer (404) and the success page's heading when the proof matches no order. */
export const ORDER_NOT_FOUND_MESSAGE = "We couldn't find this order.";

/**
 * POST /api/checkout/lemonsqueezy (docs/pricing.md "Lemon Squeezy"): the hosted checkout address for a tier, with the
 * buyer's e-mail and the tier in its custom data. `kind: 'renewal'` with `license_key` renews that licence instead.
 */
export const lemonSqueezyCheckoutBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('new'),
      plugin: z.string().trim().min(1, 'plugin is required').max(200),
      price_id: idField('price_id').optional(),
      customerEmail: customerEmailSchema,
    }),
    z.object({
      kind: z.literal('renewal'),
      license_key: z.string().trim().min(1, 'license_key is required').max(200),
      customerEmail: customerEmailSchema.optional(),
    }),
  ],
  { error: "kind must be 'new' or 'renewal'" },
);
export type LemonSqueezyCheckoutBody = z.infer<typeof lemonSqueezyCheckoutBodySchema>;
export const lemonSqueezyCheckoutResponseSchema = z.object({ url: z.string() });
export type LemonSqueezyCheckoutResponse = z.infer<typeof lemonSqueezyCheckoutResponseSchema>;

/** POST /api/checkout/quote: what the buyer will pay (net, tax, total) for the plugin, coupon and country chosen (docs/tax.md). */
export const checkoutQuoteBodySchema = createPaymentIntentBodySchema
  .pick({ items: true, coupon_code: true, country: true, state: true, vat_number: true })
  .extend({ customerEmail: customerEmailSchema.optional() });
export type CheckoutQuoteBody = z.infer<typeof checkoutQuoteBodySchema>;
/** The quote, and the country the request seems to come from (to prefill the country field), or null. */
export const checkoutQuoteSchema = taxQuoteSchema.extend({ detected_country: z.string().nullable() });
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
