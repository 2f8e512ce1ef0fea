// The auth module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { AuthService, type SessionOrigin } from './auth.service.js';
export { deleteSessionsOfMember, moveSessions } from './auth.repository.js';

import type { AuthService } from './auth.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** Admin sign-in: password, sessions, API token. */
    auth: AuthService;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerAuthRoutes } from './auth.routes.js';

/** What the composition root installs (server/services.ts). */
export const authModule: AppModule = { name: 'auth', routes: registerAuthRoutes };
