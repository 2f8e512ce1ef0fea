// The wordpress-client module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).

import type { AppModule } from '../../kernel/module.js';
import { registerWordpressClientRoutes } from './wordpress-client.routes.js';

/** What the composition root installs (server/services.ts). */
export const wordpressClientModule: AppModule = { name: 'wordpress-client', routes: registerWordpressClientRoutes };

export { libraryFiles } from './wordpress-client.routes.js';
