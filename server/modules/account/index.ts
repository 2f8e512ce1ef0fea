// The account module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { forgetCustomerAddress } from './account.repository.js';
export { renderSignInEmail } from './sign-in-email.js';
export { createSignInWork, deliverSignInEmail, queueSignInEmailIn, signInWorkSettled } from './sign-in.service.js';

import type { SignInWork } from './sign-in.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** Customer sign-in requests waiting for their database work, and their deliveries. */
    readonly signInWork: SignInWork;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerAccountRoutes } from './account.routes.js';
import { SIGN_IN_EMAIL_KIND } from './sign-in-email.js';
import { renderSignInEmailWhenHeld } from './sign-in.service.js';

/**
 * What the composition root installs (server/services.ts). E-mailed sign-in links use the shop's address only
 * (sign-in.service.ts); a held one gets its link when it leaves.
 */
export const accountModule: AppModule = { name: 'account', routes: registerAccountRoutes, emailRenderers: { [SIGN_IN_EMAIL_KIND]: renderSignInEmailWhenHeld } };
