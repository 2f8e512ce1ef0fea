// The Easy Digital Downloads Software Licensing-compatible API (issue 28, docs/migrating.md).

import type { AppModule } from '../../kernel/module.js';
import { registerEddCompatRoutes } from './edd-compat.routes.js';

/** What the composition root installs (server/services.ts). */
export const eddCompatModule: AppModule = { name: 'edd-compat', routes: registerEddCompatRoutes };
