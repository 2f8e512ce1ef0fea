// The module's public face (issue 24's shape): the app registers its routes from here.
export { releaseHealthAnalytics } from './deactivation-reasons.js';
export { pruneSiteReports } from './release-health.repository.js';

import type { AppModule } from '../../kernel/module.js';
import { registerReleaseHealthRoutes } from './release-health.routes.js';

/** What the composition root installs (server/services.ts). */
export const releaseHealthModule: AppModule = { name: 'release-health', routes: registerReleaseHealthRoutes };
