// The health module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).

import type { AppModule } from '../../kernel/module.js';
import { registerHealthRoutes } from './health.routes.js';

/** What the composition root installs (server/services.ts). */
export const healthModule: AppModule = { name: 'health', routes: registerHealthRoutes };
