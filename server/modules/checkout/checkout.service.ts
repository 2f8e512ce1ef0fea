import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';
import { effectivePriceMinor, formatMoney, isPurchasable } from '../../../common/pricing.js';
import type { CheckoutConfig, CreatePaymentIntentBody, TestConfirmResponse } from '../../../common/checkout.js';
import { findPluginBySlug, toAdminPlugin } from '../plugins/plugin-records.service.js';
import { findOrderByClientSecretHash, insertPendingOrder } from '../orders/orders.service.js';
import { applyPaymentEvent } from '../orders/fulfilment.service.js';
import { hasQualifyingRelease } from '../releases/releases.service.js';
import { isTestProviderAllowed, TEST_PROVIDER_OFF_MESSAGE } from './provider-choice.js';
import { chargeTestCard } from './test-provider.js';

export const NOT_PURCHASABLE_MESSAGE = 'This plugin is not available for purchase.';

/** GET /api/checkout/config: the provider whose card form checkout shows; also sent with every storefront page's HTML. */
export function checkoutConfig(ctx: AppContext): CheckoutConfig {
  const choice = ctx.payments.choose();
  return choice.available
    ? { provider: choice.provider.name, publishableKey: choice.provider.publishableKey, message: null }
    : { provider: 'unavailable', publishableKey: null, message: choice.message };
}

/** Thrown when payments cannot be taken in this configuration (answered 503). */
export class PaymentsUnavailableError extends Error {}

/**
 * Step one of checkout: the server prices the plugin itself, checks the client's amount against it,
 * asks the provider for an intent and records a pending order under the provider's reference, with the
 * origin the buyer used (the licence e-mail links there while no base URL is set).
 */
export async function createPaymentIntent(ctx: AppContext, body: CreatePaymentIntentBody, origin: string | null): Promise<{ clientSecret: string }> {
  const item = body.items[0];
  if (!item) throw new AppError('BAD_REQUEST', 'items must hold the plugin to buy');
  const row = await findPluginBySlug(ctx.db, item.id);
  if (!row) throw new AppError('NOT_FOUND', `No plugin with the id '${item.id}' exists`);
  const plugin = toAdminPlugin(row);
  const price = effectivePriceMinor(plugin);
  if (!isPurchasable(plugin, await hasQualifyingRelease(ctx.db, plugin.slug)) || price === null || price <= 0) {
    throw new AppError('UNPROCESSABLE', `${NOT_PURCHASABLE_MESSAGE} (${plugin.slug})`);
  }
  if (body.amount !== price) {
    throw new AppError(
      'UNPROCESSABLE',
      `The amount ${body.amount} does not match the current price of ${plugin.name}, ${formatMoney(price, plugin.currency)} (${price} in minor units). Reload the page and try again.`,
    );
  }
  const choice = ctx.payments.choose();
  if (!choice.available) throw new PaymentsUnavailableError(choice.message);
  const intent = await choice.provider.createIntent({
    amount: price,
    currency: plugin.currency,
    customerEmail: body.customerEmail,
    pluginSlug: plugin.slug,
    pluginName: plugin.name,
  });
  await insertPendingOrder(ctx.db, {
    email: body.customerEmail,
    plugin_slug: plugin.slug,
    amount: price,
    currency: plugin.currency,
    provider: choice.provider.name,
    provider_ref: intent.providerRef,
    client_secret_hash: sha256Hex(intent.clientSecret),
    origin,
    created_at: nowIso(),
  });
  return { clientSecret: intent.clientSecret };
}

/** Step two with the built-in test provider: the card decides, and an approved payment is fulfilled at once. */
export async function confirmTestPayment(ctx: AppContext, input: { clientSecret: string; cardNumber: string }): Promise<TestConfirmResponse> {
  if (!isTestProviderAllowed(ctx)) throw new AppError('FORBIDDEN', TEST_PROVIDER_OFF_MESSAGE);
  const order = await findOrderByClientSecretHash(ctx.db, sha256Hex(input.clientSecret));
  if (!order || order.provider !== 'test') throw new AppError('NOT_FOUND', 'No payment matches this client secret; start the checkout again');
  if (order.status === 'refunded') throw new AppError('CONFLICT', 'This payment was refunded; start the checkout again');
  const outcome = chargeTestCard(input.cardNumber);
  if (!outcome.approved) return { status: 'declined', message: outcome.message };
  await applyPaymentEvent(ctx, {
    kind: 'paid',
    provider: 'test',
    eventId: `confirm:${order.provider_ref}`,
    eventType: 'test.payment_succeeded',
    providerRef: order.provider_ref,
  });
  return { status: 'succeeded' };
}
