// The team module's door: staff accounts, their sign-in and second factors, sessions pages and API keys
// (issue 42, docs/team.md). Every other file in this folder is private to the module (eslint.config.js).
export { TeamService } from './team.service.js';

import type { TeamService } from './team.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** Staff members and API keys as the admin guard sees them: read from the database on every request. */
    team: TeamService;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerTeamRoutes } from './team.routes.js';

/** What the composition root installs (server/services.ts). */
export const teamModule: AppModule = { name: 'team', routes: registerTeamRoutes };
