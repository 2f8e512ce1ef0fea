import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import { rateLimit } from '../../http/rate-limit.js';
import { createPaymentIntentResponseSchema } from '../../../common/checkout.js';
import { renewalIntentBodySchema, renewalQuoteBodySchema, renewalQuoteSchema } from '../../../common/renewals.js';
import { PaymentProviderError } from './payment-provider.js';
import { PaymentsUnavailableError } from './checkout.service.js';
import { createRenewalIntent, quoteRenewal } from './renewal-checkout.js';
import { spellLicence } from '../../../common/store-terms.js';
import { storeIdentity } from '../storefront/index.js';

const errorAnswerSchema = z.object({ error: z.string(), message: z.string() });

/** The renewal page's calls (docs/pricing.md "Renewals"): public; the licence key is the proof, sent in the body (never a URL the logs keep). */
export function registerRenewalRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/renewals/quote',
    { onRequest: rateLimit({ name: 'renewal-quote', max: 60 }), schema: { body: renewalQuoteBodySchema, response: { 200: renewalQuoteSchema } } },
    async (request) => {
      // Why there is no renewal or upgrade, written British, read in the shop's spelling (issue 40).
      const quote = await quoteRenewal(ctx, request.body.license_key, new Date(), request.body.country);
      const { spelling } = storeIdentity(ctx.settings);
      const renewal = quote.renewal.available ? quote.renewal : { ...quote.renewal, reason: spellLicence(quote.renewal.reason, spelling) };
      return { ...quote, renewal, upgrade_note: quote.upgrade_note === null ? null : spellLicence(quote.upgrade_note, spelling) };
    },
  );

  app.post(
    '/api/renewals/payment-intent',
    {
      onRequest: rateLimit({ name: 'renewal-payment-intent', max: 30 }),
      schema: { body: renewalIntentBodySchema, response: { 200: createPaymentIntentResponseSchema, 502: errorAnswerSchema, 503: errorAnswerSchema } },
    },
    async (request, reply) => {
      try {
        return await createRenewalIntent(ctx, request.body);
      } catch (error) {
        if (error instanceof PaymentsUnavailableError) return reply.code(503).send({ error: 'PAYMENTS_UNAVAILABLE', message: error.message });
        if (error instanceof PaymentProviderError) {
          request.log.error({ err: error }, 'payment provider failed');
          return reply.code(502).send({ error: 'PAYMENT_PROVIDER_ERROR', message: 'The payment provider could not set up the payment. Please try again.' });
        }
        throw error;
      }
    },
  );
}
