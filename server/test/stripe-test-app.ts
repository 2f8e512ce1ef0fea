// An app whose payments go through the real Stripe SDK to the local stand-in of Stripe's API (fake-stripe-api.ts),
// with a release to sell: the set-up of every Stripe test.
import { createStripeProvider } from '../modules/checkout/index.js';
import { ensureQualifyingRelease } from './checkout-test-helpers.js';
import { startFakeStripeApi, type FakeStripeApi } from './fake-stripe-api.js';
import { createTestApp, type TestApp } from './test-app.js';

export async function createStripeTestApp(webhookSecret?: string): Promise<{ t: TestApp; stripeApi: FakeStripeApi }> {
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
