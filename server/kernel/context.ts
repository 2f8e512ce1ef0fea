// The kernel's context: what every module receives. It holds interfaces only and imports no module (issue 24;
// docs/decisions/0012-events-after-commit-and-module-doors.md). A service a module offers the others is declared
// by that module, next to its door (`server/modules/<name>/index.ts`), by adding a field to `AppServices`:
//   declare module '../../kernel/context.js' { interface AppServices { images: ImagesService } }
// and made once per app by the composition root (server/services.ts).
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database, Dialect } from '../db/database.js';
import type { ObjectStore } from '../lib/object-storage.js';
import type { EventBus } from './events.js';

/** The services modules offer each other, one field per module that offers one (declared in its index.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppServices {}

/** What the kernel itself gives every module. */
export interface KernelContext {
  config: Config;
  db: Database;
  dialect: Dialect;
  log: FastifyBaseLogger;
  /** Domain events: emitted inside a unit of work, recorded in its transaction, handed to subscribers after commit. */
  readonly events: EventBus;
  /** Release zips and images: the DATA_DIR folders or an S3 bucket (docs/object-storage.md). */
  readonly objects: ObjectStore;
}

/**
 * What every module's routes receive: the kernel and the modules' services. Each service is made once per app
 * by the composition root (server/services.ts: costly ones on first use) and closed with the app; a module
 * never keeps its own per-app instance. Tests replace some through buildApp's `services` option.
 */
export interface AppContext extends KernelContext, AppServices {}

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
