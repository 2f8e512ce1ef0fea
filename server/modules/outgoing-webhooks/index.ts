// The outgoing-webhooks module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { pruneFinishedDeliveries, scrubAddressInDeliveries } from './deliveries.repository.js';
export { WebhookWorker } from './delivery-worker.js';
export { enqueueEvent } from './events.service.js';

import type { WebhookWorker } from './delivery-worker.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** The outgoing webhook delivery worker (started by this module's registration). */
    readonly webhooks: WebhookWorker;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerOutgoingWebhookRoutes } from './outgoing-webhooks.routes.js';
import { kickWebhookWorker, recordWebhookEvent } from './events.service.js';

/** What the composition root installs (server/services.ts). The worker is stopped when the app closes (server/services.ts). */
export const outgoingWebhooksModule: AppModule = {
  name: 'outgoing-webhooks',
  routes: registerOutgoingWebhookRoutes,
  recorders: [recordWebhookEvent],
  reactors: (ctx) => [kickWebhookWorker(ctx)],
  workers: (ctx) => ctx.webhooks.start(),
};
