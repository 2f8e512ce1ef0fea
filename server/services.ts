// The composition root (docs/contributing.md, "Server"): the list of modules, and the one way a context is
// built, by the server (buildApp), the command-line tools (server/cli) and the tests (server/test). The app's
// services are made once per context and put on AppContext: the one way a module gets a dependency. Costly ones
// are made on first use; close() releases what was made.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { AppContext } from './kernel/context.js';
import { EventBus } from './kernel/events.js';
import type { AppModule } from './kernel/module.js';
import { DiskObjectStore, type ObjectStore } from './lib/object-storage.js';
import { S3ObjectStore } from './lib/object-storage-s3.js';
import { accountModule, createSignInWork, signInWorkSettled } from './modules/account/index.js';
import { AuthService, authModule } from './modules/auth/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { couponsModule } from './modules/coupons/index.js';
import { customersModule } from './modules/customers/index.js';
import { dashboardModule } from './modules/dashboard/index.js';
import { ecommerceTestingModule } from './modules/ecommerce-testing/index.js';
import { eddCompatModule } from './modules/edd-compat/index.js';
import { emailModule } from './modules/email/index.js';
import { healthModule } from './modules/health/index.js';
import { imagesModule } from './modules/images/index.js';
import { importersModule } from './modules/importers/index.js';
import { licensesModule } from './modules/licenses/index.js';
import { ordersModule } from './modules/orders/index.js';
import { paymentSetupModule } from './modules/payment-setup/index.js';
import { outgoingWebhooksModule } from './modules/outgoing-webhooks/index.js';
import { pluginAdminModule } from './modules/plugin-admin/index.js';
import { postcodeModule } from './modules/postcode/index.js';
import { pricesModule } from './modules/prices/index.js';
import { releaseHealthModule } from './modules/release-health/index.js';
import { ensureDownloadSecret, releasesModule } from './modules/releases/index.js';
import { renewalRemindersModule } from './modules/renewal-reminders/index.js';
import { retentionModule } from './modules/retention/index.js';
import { reviewsModule } from './modules/reviews/index.js';
import { SettingsService, settingsModule } from './modules/settings/index.js';
import { ensureSigningKey, signingModule } from './modules/signing/index.js';
import { storefrontModule } from './modules/storefront/index.js';
import { webhooksModule } from './modules/webhooks/index.js';
import { wordpressClientModule } from './modules/wordpress-client/index.js';
import type { PaymentProvider } from './modules/checkout/index.js';
import { AutoRenewWorker, checkoutModule, PaymentProviders } from './modules/checkout/index.js';
import { createMailTransport, smtpTarget, type MailTransport } from './modules/email/index.js';
import { ImagesService } from './modules/images/index.js';
import { ImageStorage } from './modules/images/index.js';
import { WebhookWorker } from './modules/outgoing-webhooks/index.js';
import { createPostcodeService, type PostcodeService } from './modules/postcode/index.js';
import { loadAppSigningKey } from './modules/signing/index.js';
import { mailSender } from './modules/storefront/index.js';
import { ReminderWorker } from './modules/renewal-reminders/index.js';
import { TeamService, teamModule } from './modules/team/index.js';
import { taxModule } from './modules/tax/index.js';
import { invoicesModule } from './modules/invoices/index.js';
import { AuditService, auditModule } from './modules/audit/index.js';

/**
 * Every module, in the order their routes are registered (a static path before a parameter of another module's:
 * checkout's /api/admin/licenses/auto-renewals before licenses' /api/admin/licenses/:id). Add one line per module.
 */
export const APP_MODULES: readonly AppModule[] = [
  healthModule,
  authModule,
  settingsModule,
  pluginAdminModule,
  checkoutModule,
  ordersModule,
  emailModule,
  webhooksModule,
  outgoingWebhooksModule,
  licensesModule,
  dashboardModule,
  imagesModule,
  releasesModule,
  releaseHealthModule,
  signingModule,
  catalogModule,
  postcodeModule,
  ecommerceTestingModule,
  wordpressClientModule,
  accountModule,
  reviewsModule,
  pricesModule,
  couponsModule,
  eddCompatModule,
  customersModule,
  storefrontModule,
  renewalRemindersModule,
  importersModule,
  paymentSetupModule,
  teamModule,
  auditModule,
  taxModule,
  invoicesModule,
  retentionModule,
];

/** Stand-ins a test gives buildApp (`services`) or createTestApp (`services`) in place of the real ones. */
export interface ServiceOverrides {
  /** Used instead of the SMTP_URL transport (e.g. one that records or fails); closed with the app. */
  mailTransport?: MailTransport;
  /** Always chosen for a checkout (e.g. Stripe pointed at a stand-in API on 127.0.0.1). */
  paymentProvider?: PaymentProvider;
}

/** What buildApp has made before the services: configuration, database, settings, auth and the logger. */
export type CoreContext = Pick<AppContext, 'config' | 'db' | 'dialect' | 'settings' | 'auth' | 'log'>;

/**
 * The context with its services. The signing key is parsed now (a bad SIGNING_PRIVATE_KEY stops the start);
 * the mail transport, object store (an S3 client), images, postcode index and webhook worker on first use.
 */
export function createAppContext(core: CoreContext, overrides: ServiceOverrides = {}): { ctx: AppContext; close: () => Promise<void> } {
  const { config, settings, log } = core;
  let mail = overrides.mailTransport;
  let objects: ObjectStore | undefined;
  let images: ImagesService | undefined;
  let postcode: PostcodeService | undefined;
  let webhooks: WebhookWorker | undefined;
  let renewalReminders: ReminderWorker | undefined;
  let autoRenewals: AutoRenewWorker | undefined;
  const ctx: AppContext = {
    ...core,
    events: new EventBus(log),
    get mail() {
      return (mail ??= createMailTransport(
        config,
        () => mailSender(settings),
        () => smtpTarget(config, settings),
      ));
    },
    emailRenderers: new Map(),
    payments: new PaymentProviders(config, settings, overrides.paymentProvider),
    signing: loadAppSigningKey(config, settings),
    get objects() {
      // One S3 client and its connection pool per app, or the DATA_DIR folders.
      return (objects ??= config.s3 ? new S3ObjectStore(config.s3) : new DiskObjectStore(config.dataDir));
    },
    get images() {
      return (images ??= new ImagesService(ctx, new ImageStorage(config.dataDir, ctx.objects), log));
    },
    get postcode() {
      return (postcode ??= createPostcodeService(core));
    },
    get webhooks() {
      return (webhooks ??= new WebhookWorker(ctx, config.WEBHOOK_TIMEOUT_SECONDS * 1000));
    },
    get renewalReminders() {
      return (renewalReminders ??= new ReminderWorker(ctx));
    },
    get autoRenewals() {
      return (autoRenewals ??= new AutoRenewWorker(ctx));
    },
    signInWork: createSignInWork(),
    team: new TeamService(core.db),
    audit: new AuditService(core),
  };

  // In this order: sign-in deliveries still use the mail transport; the worker's last attempts are recorded.
  const close = async (): Promise<void> => {
    await signInWorkSettled(ctx);
    await autoRenewals?.stop();
    await renewalReminders?.stop();
    await webhooks?.stop();
    mail?.close();
    objects?.close();
  };
  return { ctx, close };
}

/** Puts every module's recorders on an event bus: what must commit with a change, wherever it is made. */
export function installRecorders(events: EventBus, modules: readonly AppModule[] = APP_MODULES): void {
  for (const module of modules) for (const recorder of module.recorders ?? []) events.onRecord(recorder);
}

export interface ComposeOptions {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  /** `server`: the reactors too (deliver after commit, nudge workers); `tool`: a command-line tool's, recorders and renderers only. */
  mode: 'server' | 'tool';
  services?: ServiceOverrides;
}

/**
 * The one way a context is built: settings loaded, the secrets every instance shares ensured, the services made,
 * and every module's recorders and e-mail renderers installed (its reactors too in a server). Routes and workers
 * are the server's (buildApp). close() stops and releases what the context made.
 */
export async function composeContext({ config, db, log, mode, services }: ComposeOptions): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const settings = new SettingsService(db, config);
  // Secrets every instance on one database must share (docs/deploy.md): the download-link key and the
  // release-signing key, each from its environment variable or else stored once in the settings table.
  await ensureDownloadSecret(db, config);
  await ensureSigningKey(db, config);
  await settings.load();
  const composed = createAppContext({ config, db, dialect: config.database.dialect, settings, auth: new AuthService(db, settings), log }, services);
  const { ctx } = composed;
  installRecorders(ctx.events);
  for (const module of APP_MODULES) {
    for (const recorder of module.contextRecorders?.(ctx) ?? []) ctx.events.onRecord(recorder);
    for (const [kind, render] of Object.entries(module.emailRenderers ?? {})) ctx.emailRenderers.set(kind, render);
    if (mode === 'server') for (const reactor of module.reactors?.(ctx) ?? []) ctx.events.afterCommit(reactor);
  }
  return composed;
}
