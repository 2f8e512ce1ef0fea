// The webhooks module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).

import type { AppModule } from '../../kernel/module.js';
import { registerWebhookRoutes } from './webhooks.routes.js';

/** What the composition root installs (server/services.ts). */
export const webhooksModule: AppModule = { name: 'webhooks', routes: registerWebhookRoutes };
