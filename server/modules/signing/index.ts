// The signing module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { loadAppSigningKey } from './signing-context.js';
export { ensureSigningKey, generateSigningKeyPem, loadSigningKey, rawPublicKey, SIGNING_KEY_FILE, type SigningKey } from './signing-key.service.js';

import type { SigningKey } from './signing-key.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** The Ed25519 key that signs release zips and validation answers. */
    readonly signing: SigningKey;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerSigningRoutes } from './signing.routes.js';

/** What the composition root installs (server/services.ts). */
export const signingModule: AppModule = { name: 'signing', routes: registerSigningRoutes };
