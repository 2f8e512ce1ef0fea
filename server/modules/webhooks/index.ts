// The webhooks module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { registerWebhookRoutes } from './webhooks.routes.js';
