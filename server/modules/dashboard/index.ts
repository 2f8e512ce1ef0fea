// The dashboard module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).

import type { AppModule } from '../../kernel/module.js';
import { registerDashboardRoutes } from './dashboard.routes.js';

/** What the composition root installs (server/services.ts). */
export const dashboardModule: AppModule = { name: 'dashboard', routes: registerDashboardRoutes };
