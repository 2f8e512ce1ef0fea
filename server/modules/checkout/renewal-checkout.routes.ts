import type { App, AppContext } from '../../kernel/context.js';
import { rateLimit } from '../../http/rate-limit.js';
import { createPaymentIntentResponseSchema } from '../../../common/checkout.js';
import { renewalIntentBodySchema, renewalQuoteBodySchema, renewalQuoteSchema } from '../../../common/renewals.js';
import { answerProviderError, errorAnswerSchema } from './provider-errors.js';
import { requestCountry } from '../tax/index.js';
import { createRenewalIntent, quoteRenewal } from './renewal-checkout.js';
import { spellLicence } from '../../../common/store-terms.js';
import { storeIdentity } from '../storefront/index.js';

/** The renewal page's calls (docs/pricing.md "Renewals"): public; the licence key is the proof, sent in the body (never a URL the logs keep). */
export function registerRenewalRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/renewals/quote',
    { onRequest: rateLimit({ name: 'renewal-quote', max: 60 }), schema: { body: renewalQuoteBodySchema, response: { 200: renewalQuoteSchema } } },
    async (request) => {
      // Why there is no renewal or upgrade, written British, read in the shop's spelling (issue 40).
      const quote = await quoteRenewal(ctx, request.body.license_key, new Date(), request.body, await requestCountry(ctx, request));
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
        return await createRenewalIntent(ctx, request.body, new Date(), await requestCountry(ctx, request));
      } catch (error) {
        return answerProviderError(error, request, reply);
      }
    },
  );
}
