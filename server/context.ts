import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Dialect } from './db/database.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import type { AuthService } from './modules/auth/auth.service.js';

/** What every module's routes receive: configuration, the database and the shared services. */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  settings: SettingsService;
  auth: AuthService;
  log: FastifyBaseLogger;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
