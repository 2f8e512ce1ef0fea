import Fastify, { type FastifyError, type FastifySchema, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import compress from '@fastify/compress';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { App, AppContext } from './kernel/context.js';
import { AppError } from './lib/errors.js';
import { nulSafeValidatorCompiler } from './lib/nul-bytes.js';
import { clientErrorFor } from './lib/client-errors.js';
import { redactSecrets } from './lib/redact.js';
import { APP_MODULES, composeContext, type ServiceOverrides } from './services.js';
import { registerAdminGuard } from './http/admin-guard.js';
import { isLoopbackAddress, registerSharedRateLimits } from './http/rate-limit.js';
import { registerBodyDeadline, SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './http/timeouts.js';
import { registerWebApp } from './modules/web-pages/index.js';
import { RequestLogController } from './http/request-log.js';
import { decorateClientAddress } from './http/client-address.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Overrides of SERVER_TIMEOUTS (tests shorten them to a second). */
  timeouts?: Partial<ServerTimeouts>;
  /** Stand-ins for services (tests: a mail transport, a payment provider); see server/services.ts. */
  services?: ServiceOverrides;
}

export interface RouteInfo {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** What an admin route declares it needs (common/permissions.ts; checked by server/http/admin-guard.ts). */
  permission?: string;
}

export async function buildApp({
  config,
  db,
  logger,
  timeouts: timeoutOverrides,
  services,
}: BuildAppOptions): Promise<{ app: App; ctx: AppContext; routes: RouteInfo[] }> {
  const timeouts = { ...SERVER_TIMEOUTS, ...timeoutOverrides };
  const requestLog = new RequestLogController();
  const app = Fastify({
    // Every log line passes through redactSecrets: request URLs carry licence keys and download tokens.
    logger: logger === false ? false : { level: config.LOG_LEVEL, ...(typeof logger === 'object' ? logger : {}), hooks: { streamWrite: redactSecrets } },
    // One line per request at most, none for the machine API's and health's answers: server/http/request-log.ts.
    logController: requestLog,
    trustProxy: config.TRUST_PROXY === 'loopback' ? isLoopbackAddress : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(timeouts),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(nulSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerBodyDeadline(app, timeouts.body);
  decorateClientAddress(app);
  if (logger !== false) requestLog.start(app);

  // The context, through the composition root (server/services.ts), as the command-line tools and tests build theirs.
  const { ctx, close: closeServices } = await composeContext({ config, db, log: app.log, mode: 'server', services });
  app.addHook('onClose', closeServices);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each problem also by field, so a form can show it beside its input (e.g. web/features/settings).
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      const message = fields.map(({ field, message: text }) => (field ? `${field}: ${text}` : text)).join('; ');
      return reply.code(400).send({ error: 'BAD_REQUEST', message: `Invalid ${error.validationContext ?? 'request'}: ${message}`, details: { fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ error: 'INTERNAL', message: 'Internal server error' });
    }
    const clientError = clientErrorFor(error, request);
    if (clientError) {
      request.log.warn({ err: error }, 'malformed input reached past validation');
      return reply.code(clientError.statusCode).send({ error: clientError.code, message: clientError.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'INTERNAL', message: 'Internal server error' });
  });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(compress, { global: true, threshold: 1024 });

  // The route table, kept so tests can walk every registered route (e.g. every admin route refuses strangers).
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema, permission: route.config?.permission });
  });

  // Before the routes: their rate-limit hooks count in Redis when REDIS_URL is set.
  await registerSharedRateLimits(app, config);
  registerAdminGuard(app, ctx);
  for (const module of APP_MODULES) await module.routes?.(app, ctx);
  // Background work: the server's only (the command-line tools leave it to the running server).
  for (const module of APP_MODULES) {
    const stop = module.workers?.(ctx);
    if (stop) app.addHook('onClose', async () => stop());
  }
  const sendWebPage = await registerWebApp(app, ctx);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/releases/') || path.startsWith('/media/');
    if (!isApi && sendWebPage && (request.method === 'GET' || request.method === 'HEAD')) return sendWebPage(request, reply);
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${path}` });
  });

  return { app, ctx, routes };
}
