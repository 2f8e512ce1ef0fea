import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import { assertNoNul } from '../../lib/nul-bytes.js';
import { describeZodIssues } from '../../lib/errors.js';
import { applyPaymentEvent } from '../orders/index.js';
import { noteWebhookReceived } from '../settings/index.js';
import { nowIso } from '../../lib/time.js';
import { stripeWebhookSecret, toPaymentEvent, verifyStripeEvent, WebhookSignatureError } from './stripe-webhook.js';
import { lemonSqueezyPayloadSchema, lemonSqueezyToPaymentEvent, verifyLemonSqueezySignature } from './lemonsqueezy-webhook.js';

const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ error: 'BAD_REQUEST', message });

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * Provider webhooks. Signatures are computed over the exact bytes sent, so this scope parses every body
 * as a raw Buffer (the rest of the app keeps its JSON parser); nothing is written before the signature holds.
 */
export async function registerWebhookRoutes(app: App, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    scope.post('/api/webhooks/stripe', { schema: { response: { 200: webhookAnswerSchema } } }, async (request, reply) => {
      const secret = stripeWebhookSecret(ctx);
      if (!secret) return badRequest(reply, 'The Stripe webhook secret is not configured (Settings → stripe_webhook_secret)');
      let event;
      try {
        event = verifyStripeEvent(rawBody(request.body), header(request.headers['stripe-signature']), secret);
      } catch (error) {
        if (error instanceof WebhookSignatureError) return badRequest(reply, error.message);
        throw error;
      }
      assertNoNul(event, 'body');
      // The Payments page ticks and "Go live" allows once a webhook signed with the current secret has arrived.
      await noteWebhookReceived(ctx.settings, 'stripe', secret, nowIso());
      const paymentEvent = toPaymentEvent(event);
      // The card's country for the order's location evidence (docs/tax.md), asked of Stripe; unknown if it cannot say.
      if (paymentEvent.kind === 'paid') paymentEvent.cardCountry = (await ctx.payments.named('stripe')?.cardCountry?.(paymentEvent.providerRef)) ?? null;
      const result = await applyPaymentEvent(ctx, paymentEvent);
      return { received: true as const, outcome: result.outcome };
    });

    scope.post('/api/webhooks/lemonsqueezy', { schema: { response: { 200: webhookAnswerSchema } } }, async (request, reply) => {
      const secret = ctx.settings.getSecret('lemonsqueezy_webhook_secret');
      if (!secret) return badRequest(reply, 'The Lemon Squeezy webhook secret is not configured (Settings → lemonsqueezy_webhook_secret)');
      const body = rawBody(request.body);
      try {
        verifyLemonSqueezySignature(body, header(request.headers['x-signature']), secret);
      } catch (error) {
        if (error instanceof WebhookSignatureError) return badRequest(reply, error.message);
        throw error;
      }
      await noteWebhookReceived(ctx.settings, 'lemonsqueezy', secret, nowIso());
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        return badRequest(reply, 'The body is not valid JSON');
      }
      assertNoNul(json, 'body');
      const parsed = lemonSqueezyPayloadSchema.safeParse(json);
      if (!parsed.success) return badRequest(reply, `Unexpected Lemon Squeezy payload: ${describeZodIssues(parsed.error.issues)}`);
      const result = await applyPaymentEvent(ctx, await lemonSqueezyToPaymentEvent(ctx.db, parsed.data));
      return { received: true as const, outcome: result.outcome };
    });
  });
}
