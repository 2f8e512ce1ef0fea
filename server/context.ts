import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Dialect } from './db/database.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { ObjectStore } from './lib/object-storage.js';
import type { MailTransport } from './modules/email/mail-transport.js';
import type { EmailRenderers } from './modules/email/email-renderers.js';
import type { PaymentProviders } from './modules/checkout/provider-choice.js';
import type { SigningKey } from './modules/signing/signing-key.service.js';
import type { PostcodeService } from './modules/postcode/postcode.service.js';
import type { ImagesService } from './modules/images/images.service.js';
import type { WebhookWorker } from './modules/outgoing-webhooks/delivery-worker.js';
import type { SignInWork } from './modules/account/sign-in.service.js';

/**
 * What every module's routes receive: configuration, the database and the app's services. Each service is
 * made once per app in buildApp (server/services.ts: costly ones on first use) and closed with the app;
 * a module never keeps its own per-app instance. Tests replace some through buildApp's `services` option.
 */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  settings: SettingsService;
  auth: AuthService;
  log: FastifyBaseLogger;
  /** How e-mail leaves: SMTP when SMTP_URL is set, else nothing leaves (the outbox keeps it). */
  readonly mail: MailTransport;
  /** Kinds of e-mail rendered at send time, registered by the module that owns the kind (orders: the licence e-mail). */
  readonly emailRenderers: EmailRenderers;
  /** The payment provider for a checkout: the built-in test provider, Stripe, or none. */
  readonly payments: PaymentProviders;
  /** The Ed25519 key that signs release zips and validation answers. */
  readonly signing: SigningKey;
  /** Release zips and images: the DATA_DIR folders or an S3 bucket (docs/object-storage.md). */
  readonly objects: ObjectStore;
  readonly images: ImagesService;
  readonly postcode: PostcodeService;
  /** The outgoing webhook delivery worker (started by the outgoing-webhooks module). */
  readonly webhooks: WebhookWorker;
  /** Customer sign-in requests waiting for their database work, and their deliveries. */
  readonly signInWork: SignInWork;
}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
