// The outgoing-webhooks module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { scrubAddressInDeliveries } from './deliveries.repository.js';
export { WebhookWorker } from './delivery-worker.js';
export { enqueueEvent, recordWebhookEvents } from './events.service.js';
export { registerOutgoingWebhookRoutes } from './outgoing-webhooks.routes.js';

import type { WebhookWorker } from './delivery-worker.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** The outgoing webhook delivery worker (started by this module's registration). */
    readonly webhooks: WebhookWorker;
  }
}
