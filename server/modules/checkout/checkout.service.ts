// Buying a plugin (docs/checkout.md): the price and tax of a checkout, its payment intent and pending order (through
// the one order-creation path, order-creation.ts), the test provider's confirmation and the success page's order.
import type { AppContext } from '../../kernel/context.js';
import type { Unit } from '../../kernel/events.js';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';
import { formatMoney, isPurchasable } from '../../../common/pricing.js';
import { tierPriceMinor, type PriceTerm } from '../../../common/prices.js';
import { findPriceById, resolveCheckoutTier } from '../prices/index.js';
import { findLicenseById } from '../licenses/index.js';
import {
  ORDER_NOT_FOUND_MESSAGE,
  type CheckoutConfig,
  type CheckoutOrder,
  type CheckoutQuote,
  type CheckoutQuoteBody,
  type CreatePaymentIntentBody,
  type TestConfirmResponse,
} from '../../../common/checkout.js';
import { findPluginBySlug, toAdminPlugin } from '../plugins/index.js';
import { applyPaymentEvent, findOrderByClientSecretHash, insertPendingOrder } from '../orders/index.js';
import { hasQualifyingRelease } from '../releases/index.js';
import { priceWithCoupon, redeemCouponWithOrder } from '../coupons/index.js';
import type { AppliedCoupon, CouponTarget } from '../coupons/index.js';
import { isTestProviderAllowed, TEST_PROVIDER_OFF_MESSAGE } from './provider-choice.js';
import { chargeTestCard } from './test-provider.js';
import { AUTO_RENEW_TERM_REFUSAL } from './auto-renewal.js';
import { setPaymentMethodOfOrder } from './auto-renewals.repository.js';
import { computeTax, locationEvidence } from '../tax/index.js';
import { startCheckout, type CheckoutOrderRow } from './order-creation.js';
import { orderTaxFields, withProviderTax } from './order-tax.js';

export const LEMONSQUEEZY_STORE_MISSING_MESSAGE =
  'Payments on this shop go through Lemon Squeezy, but its store is not set up yet, so nothing can be bought right now. Please try again later or contact us.';

export const NOT_PURCHASABLE_MESSAGE = 'This plugin is not available for purchase.';

/** GET /api/checkout/config: the provider whose card form checkout shows; also sent with every storefront page's HTML. */
export function checkoutConfig(ctx: AppContext): CheckoutConfig {
  const choice = ctx.payments.choose();
  if (choice.available) return { provider: choice.provider.name, publishableKey: choice.provider.publishableKey, message: null };
  // Lemon Squeezy's hosted checkout (docs/pricing.md "Lemon Squeezy"), once its store is set.
  const lemonSqueezy = ctx.payments.lemonSqueezy();
  if (lemonSqueezy?.store) return { provider: 'lemonsqueezy', publishableKey: null, message: null };
  return { provider: 'unavailable', publishableKey: null, message: lemonSqueezy ? LEMONSQUEEZY_STORE_MISSING_MESSAGE : choice.message };
}

/**
 * Step one of checkout: the server prices the plugin itself, checks the client's amount against it,
 * asks the provider for an intent and records a pending order under the provider's reference (startCheckout).
 * A buyer trying again gets their waiting order back.
 */
export async function createPaymentIntent(
  ctx: AppContext,
  body: CreatePaymentIntentBody,
  request: { ipCountry: string | null; clientAddress?: string } = { ipCountry: null },
): Promise<{ clientSecret: string }> {
  const { plugin, tier, coupon, price } = await priceCheckout(ctx, body);
  // The server computes the tax (docs/tax.md); the client's amount must be the total it computed.
  const tax = await withProviderTax(
    ctx,
    await computeTax(ctx, { price, currency: tier.currency, country: body.country, state: body.state, vatNumber: body.vat_number }),
    price,
  );
  if (body.amount !== tax.total) {
    const taxed = tax.tax > 0 ? ` plus ${formatMoney(tax.tax, tier.currency)} tax` : '';
    throw new AppError(
      'UNPROCESSABLE',
      `The amount ${body.amount} does not match the current price of ${plugin.name} (${tier.name})${coupon ? ` with the coupon ${coupon.code}` : ''}, ${formatMoney(tax.total, tier.currency)} (${tax.total} in minor units${taxed}). Reload the page and try again.`,
    );
  }
  if (body.auto_renew && tier.term === 'lifetime') throw new AppError('UNPROCESSABLE', AUTO_RENEW_TERM_REFUSAL);
  return startCheckout(ctx, {
    autoRenew: body.auto_renew === true,
    term: tier.term,
    intent: {
      amount: tax.total,
      currency: tier.currency,
      customerEmail: body.customerEmail,
      pluginSlug: plugin.slug,
      pluginName: plugin.name,
      ...(tax.calculationRef ? { taxCalculationRef: tax.calculationRef } : {}),
    },
    keyParts: [
      body.customerEmail.toLowerCase(),
      plugin.slug,
      tax.total,
      tier.currency,
      tier.id,
      tax.country,
      tax.region ?? null,
      tax.vatNumber,
      ...(coupon ? [coupon.code] : []),
    ],
    order: {
      email: body.customerEmail,
      plugin_slug: plugin.slug,
      amount: tax.total,
      currency: tier.currency,
      price_id: tier.id,
      kind: 'new',
      ...orderTaxFields(tax, body, locationEvidence(tax.country, request.ipCountry)),
    },
    // The order with its coupon's redemption (coupons module, docs/pricing.md "Coupons"), in the checkout's unit.
    ...(coupon
      ? {
          insert: (unit: Unit, order: CheckoutOrderRow) =>
            insertOrderWithCoupon(unit, order, coupon, {
              ...couponTarget(plugin.slug, tier, order.email),
              ...(request.clientAddress ? { clientAddress: request.clientAddress } : {}),
            }),
        }
      : {}),
    conflictMessage: 'Another checkout for this purchase was being set up at the same moment. Please try again.',
  });
}

/** The plugin, tier and coupon of a checkout and the price before tax; refuses an unknown or unpurchasable plugin. */
async function priceCheckout(ctx: AppContext, body: Pick<CreatePaymentIntentBody, 'items' | 'coupon_code'> & { customerEmail?: string | undefined }) {
  const item = body.items[0];
  if (!item) throw new AppError('BAD_REQUEST', 'items must hold the plugin to buy');
  const row = await findPluginBySlug(ctx.db, item.id);
  if (!row) throw new AppError('NOT_FOUND', `No plugin with the id '${item.id}' exists`);
  const plugin = toAdminPlugin(row);
  if (!isPurchasable(plugin, await hasQualifyingRelease(ctx.db, plugin.slug))) {
    throw new AppError('UNPROCESSABLE', `${NOT_PURCHASABLE_MESSAGE} (${plugin.slug})`);
  }
  // The tier decides the amount (docs/pricing.md); the client's amount is only checked against it.
  const tier = await resolveCheckoutTier(ctx.db, plugin.slug, item.price_id);
  const coupon = body.coupon_code ? await priceWithCoupon(ctx.db, body.coupon_code, couponTarget(plugin.slug, tier, body.customerEmail ?? '')) : null;
  return { plugin, tier, coupon, price: coupon ? coupon.amount : tierPriceMinor(tier) };
}

/** POST /api/checkout/quote: net, tax and total for the price box and the payment step; writes nothing. */
export async function quoteCheckout(ctx: AppContext, body: CheckoutQuoteBody, ipCountry: string | null): Promise<CheckoutQuote> {
  const { tier, price } = await priceCheckout(ctx, body);
  const computed = await computeTax(ctx, {
    price,
    currency: tier.currency,
    country: body.country ?? ipCountry ?? undefined,
    state: body.state,
    vatNumber: body.vat_number,
  });
  const { vatNumber: _vatNumber, calculationRef: _calculationRef, ...quote } = await withProviderTax(ctx, computed, price);
  return { ...quote, detected_country: ipCountry };
}

type CheckoutTier = Parameters<typeof tierPriceMinor>[0] & { id: number; currency: string };

const couponTarget = (pluginSlug: string, tier: CheckoutTier, email: string) => ({ pluginSlug, tier, kind: 'new' as const, email });

/** The order of a checkout with a coupon, with its reservation in the checkout's unit (coupons module, docs/pricing.md "Coupons"). */
async function insertOrderWithCoupon(unit: Unit, order: CheckoutOrderRow, coupon: AppliedCoupon, target: CouponTarget & { clientAddress?: string }) {
  const withCoupon = { ...order, coupon_id: coupon.couponId, discount_amount: coupon.discount };
  return redeemCouponWithOrder(unit, coupon, { ...target, email: order.email }, (trx) => insertPendingOrder(trx, withCoupon));
}

/** Step two with the built-in test provider: the card decides, and an approved payment is fulfilled at once. */
export async function confirmTestPayment(ctx: AppContext, input: { clientSecret: string; cardNumber: string }): Promise<TestConfirmResponse> {
  if (!isTestProviderAllowed(ctx)) throw new AppError('FORBIDDEN', TEST_PROVIDER_OFF_MESSAGE);
  const order = await findOrderByClientSecretHash(ctx.db, sha256Hex(input.clientSecret));
  if (!order || order.provider !== 'test') throw new AppError('NOT_FOUND', 'No payment matches this client secret; start the checkout again');
  if (order.status === 'refunded') throw new AppError('CONFLICT', 'This payment was refunded; start the checkout again');
  const outcome = chargeTestCard(input.cardNumber);
  if (!outcome.approved) return { status: 'declined', message: outcome.message };
  // An order with automatic renewal remembers the test card its buyer paid with (no-op without an opt-in).
  await setPaymentMethodOfOrder(ctx.db, order.id, input.cardNumber, nowIso());
  await applyPaymentEvent(ctx, {
    kind: 'paid',
    provider: 'test',
    eventId: `confirm:${order.provider_ref}`,
    eventType: 'test.payment_succeeded',
    providerRef: order.provider_ref,
    cardCountry: outcome.cardCountry,
  });
  return { status: 'succeeded' };
}

/** The order a checkout's client secret belongs to, for the success page of the browser that holds it; 404 otherwise. */
export async function findCheckoutOrder(ctx: AppContext, clientSecret: string): Promise<CheckoutOrder> {
  const order = await findOrderByClientSecretHash(ctx.db, sha256Hex(clientSecret));
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);
  const plugin = await findPluginBySlug(ctx.db, order.plugin_slug);
  // The tier and the licence's term as bought, so the success page names what this order covers (issue 40).
  const tier = order.price_id === null ? undefined : await findPriceById(ctx.db, order.price_id);
  const licenseId = order.license_id ?? order.target_license_id;
  const license = order.status === 'paid' && licenseId !== null ? await findLicenseById(ctx.db, licenseId) : undefined;
  return {
    status: order.status as CheckoutOrder['status'],
    plugin_slug: order.plugin_slug,
    plugin_name: plugin?.name ?? order.plugin_slug,
    amount: order.amount,
    currency: order.currency,
    tier: tier ? { name: tier.name, term: tier.term as PriceTerm, sites: tier.sites } : null,
    expires_at: license?.expires_at ?? null,
  };
}
