// An app whose payments go through the real Stripe SDK to the local stand-in of Stripe's API (fake-stripe-api.ts),
// with a release to sell: the set-up of every Stripe test; and Stripe's signed webhook events.
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createStripeProvider } from '../modules/checkout/index.js';
import { ensureQualifyingRelease } from './checkout-test-helpers.js';
import { startFakeStripeApi, type FakeStripeApi } from './fake-stripe-api.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface StripeTestApp {
  t: TestApp;
  stripeApi: FakeStripeApi;
}

export async function createStripeTestApp(webhookSecret?: string): Promise<StripeTestApp> {
  const stripeApi = await startFakeStripeApi();
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      ...(webhookSecret === undefined ? {} : { STRIPE_WEBHOOK_SECRET: webhookSecret }),
    },
    services: {
      paymentProvider: createStripeProvider({
        secretKey: 'sk_test_fake',
        publishableKey: 'pk_test_fake',
        host: '127.0.0.1',
        port: stripeApi.port,
        protocol: 'http',
      }),
    },
  });
  await ensureQualifyingRelease(t.db);
  return { t, stripeApi };
}

/**
 * Registers the hooks of a describe block: a Stripe test app made before its tests (handed to `use`, with `setUp` run
 * on it first) and closed, with its stand-in of Stripe, after them.
 */
export function withStripeTestApp(webhookSecret: string | undefined, use: (made: StripeTestApp) => void, setUp?: (made: StripeTestApp) => Promise<void>) {
  let made: StripeTestApp | undefined;
  beforeAll(async () => {
    made = await createStripeTestApp(webhookSecret);
    use(made);
    await setUp?.(made);
  });
  afterAll(async () => {
    await made?.t.close();
    await made?.stripeApi.close();
  });
}

const signer = new Stripe('sk_test_fake');

/** A Stripe event's JSON body, as its webhooks deliver it. */
export const stripeEvent = (id: string, type: string, object: unknown) =>
  JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } });

/** The `stripe-signature` header Stripe would send with `payload` (`timestamp` in seconds: now unless told). */
export const stripeSignature = (payload: string, secret: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

/** Delivers `payload` to the Stripe webhook with `signature` (null: none), as Stripe does. */
export const deliverStripeWebhook = (app: FastifyInstance, payload: string, signature: string | null) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });

/** Delivers `payload` to the Stripe webhook signed with `secret`. */
export const deliverSignedStripeEvent = (app: FastifyInstance, payload: string, secret: string) =>
  deliverStripeWebhook(app, payload, stripeSignature(payload, secret));
