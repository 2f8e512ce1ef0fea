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
import { sealPlainTotpSecrets } from './totp-secrets.js';

/** What the composition root installs (server/services.ts). */
export const teamModule: AppModule = {
  name: 'team',
  routes: registerTeamRoutes,
  // TOTP secrets stored in plain before they were sealed at rest: sealed once when the server starts.
  workers: (ctx) => {
    sealPlainTotpSecrets(ctx).then(
      (sealed) => sealed > 0 && ctx.log.info({ sealed }, 'Sealed TOTP secrets stored in plain'),
      (error: unknown) => ctx.log.error({ err: error }, 'Sealing TOTP secrets stored in plain failed; they are sealed on next use'),
    );
  },
};
