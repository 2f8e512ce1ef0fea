import {
  checkoutConfigSchema,
  checkoutOrderBodySchema,
  checkoutOrderSchema,
  checkoutQuoteBodySchema,
  checkoutQuoteSchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  lemonSqueezyCheckoutBodySchema,
  lemonSqueezyCheckoutResponseSchema,
  testConfirmBodySchema,
  testConfirmResponseSchema,
  type CheckoutConfig,
} from '../../../common/checkout.js';
import { orderIdParamsSchema, orderListSchema, orderSchema, refundOrderBodySchema } from '../../../common/orders.js';
import type { App, AppContext } from '../../kernel/context.js';
import { rateLimit } from '../../http/rate-limit.js';
import { answerProviderError, errorAnswerSchema } from './provider-errors.js';
import { registerRenewalRoutes } from './renewal-checkout.routes.js';
import { refundOrder, relatedPaidOrders } from './refund-order.js';
import { cancelOrder } from './cancel-order.js';
import { autoRenewalsAnswerSchema, autoRenewalsQuerySchema, autoRenewBodySchema, autoRenewStateSchema } from '../../../common/auto-renewal.js';
import { idParamsSchema } from '../../../common/licenses.js';
import { autoRenewalsOfLicenses, autoRenewStateOf, setAutoRenewByAdmin } from './auto-renewal.js';
import { lemonSqueezyCheckout } from './lemonsqueezy-checkout.js';
import { checkoutConfig, confirmTestPayment, createPaymentIntent, findCheckoutOrder, quoteCheckout } from './checkout.service.js';
import { requestCountry } from '../tax/index.js';

export function registerCheckoutRoutes(app: App, ctx: AppContext): void {
  const publicLimit = (name: string) => rateLimit({ name, max: 30 });
  app.get('/api/checkout/config', { schema: { response: { 200: checkoutConfigSchema } } }, async (): Promise<CheckoutConfig> => checkoutConfig(ctx));

  app.post(
    '/api/create-payment-intent',
    {
      onRequest: publicLimit('create-payment-intent'),
      schema: { body: createPaymentIntentBodySchema, response: { 200: createPaymentIntentResponseSchema, 502: errorAnswerSchema, 503: errorAnswerSchema } },
    },
    async (request, reply) => {
      try {
        return await createPaymentIntent(ctx, request.body, { ipCountry: await requestCountry(ctx, request), clientAddress: request.clientAddress });
      } catch (error) {
        return answerProviderError(error, request, reply);
      }
    },
  );

  // The price box and the payment step: net, tax and total for the buyer's country (docs/tax.md); writes nothing.
  app.post(
    '/api/checkout/quote',
    {
      onRequest: rateLimit({ name: 'checkout-quote', max: 120 }),
      schema: { body: checkoutQuoteBodySchema, response: { 200: checkoutQuoteSchema, 502: errorAnswerSchema } },
    },
    async (request, reply) => {
      try {
        return await quoteCheckout(ctx, request.body, await requestCountry(ctx, request));
      } catch (error) {
        return answerProviderError(error, request, reply, { message: 'The tax could not be computed right now. Please try again.', log: 'Stripe Tax failed' });
      }
    },
  );

  // Lemon Squeezy's hosted checkout for a tier (docs/pricing.md "Lemon Squeezy"): answers its address; writes nothing.
  app.post(
    '/api/checkout/lemonsqueezy',
    {
      onRequest: publicLimit('lemonsqueezy-checkout'),
      schema: { body: lemonSqueezyCheckoutBodySchema, response: { 200: lemonSqueezyCheckoutResponseSchema, 503: errorAnswerSchema } },
    },
    async (request, reply) => {
      try {
        return await lemonSqueezyCheckout(ctx, request.body);
      } catch (error) {
        return answerProviderError(error, request, reply);
      }
    },
  );

  // The success page asks while a Stripe payment waits for its webhook (every 2 s for a minute at most).
  app.post(
    '/api/checkout/order',
    {
      onRequest: rateLimit({ name: 'checkout-order', max: 60 }),
      schema: { body: checkoutOrderBodySchema, response: { 200: checkoutOrderSchema, 404: errorAnswerSchema } },
    },
    async (request) => findCheckoutOrder(ctx, request.body.clientSecret),
  );

  app.post(
    '/api/checkout/test/confirm',
    { onRequest: publicLimit('test-payment-confirm'), schema: { body: testConfirmBodySchema, response: { 200: testConfirmResponseSchema } } },
    async (request) => confirmTestPayment(ctx, request.body),
  );

  registerRenewalRoutes(app, ctx);

  // Automatic renewal (docs/pricing.md): the admin's licence list shows it (one request for the page's licences)
  // and the admin can turn it off. The opt-in follows its order's payment (attachOptInOnPayment, checkout's door).
  // A static segment: Fastify's router matches it before GET /api/admin/licenses/:id (server/modules/licenses).
  app.get(
    '/api/admin/licenses/auto-renewals',
    { config: { permission: 'licenses:read' }, schema: { querystring: autoRenewalsQuerySchema, response: { 200: autoRenewalsAnswerSchema } } },
    async (request) => ({ auto_renewals: await autoRenewalsOfLicenses(ctx, request.query.ids) }),
  );
  app.get(
    '/api/admin/licenses/:id/auto-renewal',
    { config: { permission: 'licenses:read' }, schema: { params: idParamsSchema, response: { 200: autoRenewStateSchema } } },
    async (request) => autoRenewStateOf(ctx, request.params.id),
  );
  app.post(
    '/api/admin/licenses/:id/auto-renewal',
    {
      config: { permission: 'licenses:write' },
      schema: { params: idParamsSchema, body: autoRenewBodySchema, response: { 200: autoRenewStateSchema, 403: errorAnswerSchema, 404: errorAnswerSchema } },
    },
    async (request) => setAutoRenewByAdmin(ctx, request.params.id, request.body.enabled),
  );
  // Refunds from the admin (issue 26): the whole amount, through the provider the order was paid with.
  app.post(
    '/api/admin/orders/:id/refund',
    {
      config: { permission: 'orders:refund' },
      schema: { params: orderIdParamsSchema, body: refundOrderBodySchema, response: { 200: orderSchema, 502: errorAnswerSchema } },
    },
    async (request, reply) => {
      try {
        return await refundOrder(ctx, request.params.id, request.body?.also_refund);
      } catch (error) {
        return answerProviderError(error, request, reply);
      }
    },
  );
  // What a refund may take along: the licence's other paid orders (its renewals, its first order), shown in the dialog.
  app.get(
    '/api/admin/orders/:id/related',
    { config: { permission: 'orders:read' }, schema: { params: orderIdParamsSchema, response: { 200: orderListSchema } } },
    async (request) => relatedPaidOrders(ctx, request.params.id),
  );
  // An order waiting for payment, cancelled by the admin (issue 37): abandoned checkouts, and before an erase.
  app.post(
    '/api/admin/orders/:id/cancel',
    { config: { permission: 'orders:refund' }, schema: { params: orderIdParamsSchema, response: { 200: orderSchema } } },
    async (request) => cancelOrder(ctx, request.params.id),
  );
}
