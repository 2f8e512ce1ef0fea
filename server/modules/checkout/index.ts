// The checkout module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md). Its use cases, one file each: buying (checkout.service.ts),
// renewals and upgrades (renewal-checkout.ts), automatic renewal (auto-renewal.ts, auto-renew-worker.ts), refunds
// (refund-order.ts) and cancelling (cancel-order.ts); the buy and renewal checkouts write their orders through
// order-creation.ts, and every route maps provider failures through provider-errors.ts.
export { checkoutConfig } from './checkout.service.js';
export { type PaymentProvider } from './payment-provider.js';
export { isTestProviderLive } from '../settings/index.js';
export { PaymentProviders } from './provider-choice.js';
export { createStripeClient, createStripeProvider } from './stripe-provider.js';
export { AutoRenewWorker, AUTO_RENEW_POLL_INTERVAL_MS } from './auto-renew-worker.js';
export { autoRenewStates, isAutoRenewing, renewsAutomaticallyLater, setAutoRenew } from './auto-renewal.js';

import type { PaymentProviders } from './provider-choice.js';
import type { AutoRenewWorker } from './auto-renew-worker.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** The payment provider for a checkout: the built-in test provider, Stripe, or none. */
    readonly payments: PaymentProviders;
    /** The automatic renewal worker (started by this module's registration; its clock is the reminders'). */
    readonly autoRenewals: AutoRenewWorker;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerCheckoutRoutes } from './checkout.routes.js';
import { AUTO_RENEW_FAILED_EMAIL_KIND, AUTO_RENEW_STOPPED_EMAIL_KIND, renderAutoRenewEmail } from './auto-renew-email.js';
import { attachOptInOnPayment } from './auto-renewal.js';

/** What the composition root installs (server/services.ts). The automatic renewal worker is stopped with the app (server/services.ts). */
export const checkoutModule: AppModule = {
  name: 'checkout',
  routes: registerCheckoutRoutes,
  recorders: [attachOptInOnPayment],
  emailRenderers: { [AUTO_RENEW_FAILED_EMAIL_KIND]: renderAutoRenewEmail, [AUTO_RENEW_STOPPED_EMAIL_KIND]: renderAutoRenewEmail },
  workers: (ctx) => ctx.autoRenewals.start(),
};
