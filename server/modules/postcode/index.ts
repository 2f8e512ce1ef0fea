// The postcode module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { evaluatePostcode, type PostcodeEvaluation, type PostcodeIndex } from './postcode-engine.js';
export { createPostcodeService, PostcodeService } from './postcode.service.js';

import type { PostcodeService } from './postcode.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    readonly postcode: PostcodeService;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerPostcodeRoutes } from './postcode.routes.js';

/** What the composition root installs (server/services.ts). */
export const postcodeModule: AppModule = { name: 'postcode', routes: registerPostcodeRoutes };
