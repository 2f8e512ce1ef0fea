// The account module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { forgetCustomerAddress } from './account.repository.js';
export { registerAccountRoutes } from './account.routes.js';
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
