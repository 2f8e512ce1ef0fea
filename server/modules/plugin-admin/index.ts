// The plugin-admin module's door: the admin's Plugins page (list, create, edit, retire, sale status). Plugin rows
// themselves belong to the plugins module. Every other file in this folder is private to the module.

import type { AppModule } from '../../kernel/module.js';
import { registerPluginRoutes } from './plugin-admin.routes.js';

/** What the composition root installs (server/services.ts). */
export const pluginAdminModule: AppModule = { name: 'plugin-admin', routes: registerPluginRoutes };
