// The app's services, made once per app by buildApp and put on AppContext: the one way a module gets a
// dependency (docs/contributing.md, "Server"). Costly ones are made on first use; close() releases what was made.
import type { AppContext } from './kernel/context.js';
import { EventBus } from './kernel/events.js';
import { DiskObjectStore, type ObjectStore } from './lib/object-storage.js';
import { S3ObjectStore } from './lib/object-storage-s3.js';
import { createSignInWork, signInWorkSettled } from './modules/account/index.js';
import type { PaymentProvider } from './modules/checkout/index.js';
import { AutoRenewWorker, PaymentProviders } from './modules/checkout/index.js';
import { createMailTransport, type MailTransport } from './modules/email/index.js';
import { ImagesService } from './modules/images/index.js';
import { ImageStorage } from './modules/images/index.js';
import { WebhookWorker } from './modules/outgoing-webhooks/index.js';
import { createPostcodeService, type PostcodeService } from './modules/postcode/index.js';
import { loadAppSigningKey } from './modules/signing/index.js';
import { mailSender } from './modules/storefront/index.js';
import { ReminderWorker } from './modules/renewal-reminders/index.js';
import { TeamService } from './modules/team/index.js';
import { AuditService } from './modules/audit/index.js';

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
  const { config, db, settings, log } = core;
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
      return (mail ??= createMailTransport(config, () => mailSender(settings)));
    },
    emailRenderers: new Map(),
    payments: new PaymentProviders(config, settings, overrides.paymentProvider),
    signing: loadAppSigningKey(config, settings),
    get objects() {
      // One S3 client and its connection pool per app, or the DATA_DIR folders.
      return (objects ??= config.s3 ? new S3ObjectStore(config.s3) : new DiskObjectStore(config.dataDir));
    },
    get images() {
      return (images ??= new ImagesService(db, new ImageStorage(config.dataDir, ctx.objects), log));
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
    team: new TeamService(db),
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
