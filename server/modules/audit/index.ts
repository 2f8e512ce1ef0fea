// The audit module's door: the append-only, hash-chained log of admin writes (issue 42, docs/team.md "Audit log").
// Every other file in this folder is private to the module (eslint.config.js).
export { AuditService } from './audit.service.js';
export { redactAuditMentions } from './audit.repository.js';

import type { AuditService } from './audit.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** Records each admin write (the admin guard attaches it to every admin write route) and verifies the chain. */
    audit: AuditService;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerAuditRoutes } from './audit.routes.js';

/** What the composition root installs (server/services.ts). */
export const auditModule: AppModule = { name: 'audit', routes: registerAuditRoutes };
