// The settings module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { insertSettingIfAbsent, readMinReleaseVersion, readSetting, swapSetting, writeSettings } from './settings.repository.js';
export { SettingsService } from './settings.service.js';
export { CONFIRMED_ORIGIN_KEY } from './settings-defaults.js';

import type { SettingsService } from './settings.service.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** The Settings record: its cache, refreshed across instances (settings-sync.ts). */
    settings: SettingsService;
  }
}
export {
  isTestPaymentsMode,
  isTestProviderLive,
  isTestStripeKey,
  noteWebhookReceived,
  webhookReceivedAt,
  PAYMENTS_LIVE_KEY,
  STRIPE_PUBLISHABLE_KEY_SETTING,
  stripeApiTarget,
  stripeKeyInUse,
  stripePublishableKey,
} from './payments-mode.js';

import type { AppModule } from '../../kernel/module.js';
import { registerSettingsRoutes } from './settings.routes.js';
import { startSettingsSync } from './settings-sync.js';

/** What the composition root installs (server/services.ts). Its worker: changes made by other instances, workers and the CLI reach this process's cache within a second. */
export const settingsModule: AppModule = { name: 'settings', routes: registerSettingsRoutes, workers: startSettingsSync };
