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
import { SettingsService } from './modules/settings/index.js';
import { AuthService } from './modules/auth/index.js';
import { ensureDownloadSecret } from './modules/releases/index.js';
import { ensureSigningKey } from './modules/signing/index.js';
import { createAppContext, type ServiceOverrides } from './services.js';
import { registerAdminGuard } from './http/admin-guard.js';
import { isLoopbackAddress, registerSharedRateLimits } from './http/rate-limit.js';
import { registerBodyDeadline, SERVER_TIMEOUTS, serverTimeoutOptions, type ServerTimeouts } from './http/timeouts.js';
import { registerWebApp } from './modules/web-pages/index.js';
import { RequestLogController } from './http/request-log.js';
import { registerHealthRoutes } from './modules/health/index.js';
import { registerAuthRoutes } from './modules/auth/index.js';
import { registerSettingsRoutes } from './modules/settings/index.js';
import { registerPluginRoutes } from './modules/plugin-admin/index.js';
import { registerCheckoutRoutes } from './modules/checkout/index.js';
import { registerOrderRoutes } from './modules/orders/index.js';
import { registerEmailRoutes } from './modules/email/index.js';
import { registerWebhookRoutes } from './modules/webhooks/index.js';
import { registerOutgoingWebhookRoutes } from './modules/outgoing-webhooks/index.js';
import { registerLicenseRoutes } from './modules/licenses/index.js';
import { registerDashboardRoutes } from './modules/dashboard/index.js';
import { registerImageRoutes } from './modules/images/index.js';
import { registerReleaseRoutes } from './modules/releases/index.js';
import { registerSigningRoutes } from './modules/signing/index.js';
import { registerCatalogRoutes } from './modules/catalog/index.js';
import { registerPostcodeRoutes } from './modules/postcode/index.js';
import { registerEcommerceTestingRoutes } from './modules/ecommerce-testing/index.js';
import { registerWordpressClientRoutes } from './modules/wordpress-client/index.js';
import { registerAccountRoutes } from './modules/account/index.js';
import { registerPriceRoutes } from './modules/prices/index.js';
import { registerCouponRoutes } from './modules/coupons/index.js';
import { registerTaxRoutes } from './modules/tax/index.js';
import { registerInvoiceRoutes } from './modules/invoices/index.js';
import { registerReleaseHealthRoutes } from './modules/release-health/index.js';
import { registerEddCompatRoutes } from './modules/edd-compat/index.js';
import { registerCustomerRoutes } from './modules/customers/index.js';
import { registerStorefrontRoutes } from './modules/storefront/index.js';
import { registerReviewRoutes } from './modules/reviews/index.js';
import { registerRenewalReminderRoutes } from './modules/renewal-reminders/index.js';
import { registerImportRoutes } from './modules/importers/index.js';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** Overrides of SERVER_TIMEOUTS (tests shorten them to a second). */
  timeouts?: Partial<ServerTimeouts>;
  /** Stand-ins for services (tests: a mail transport, a payment provider); see server/services.ts. */
  services?: ServiceOverrides;
}

/** Route registrations, in one list: each feature module adds its own line. */
const modules: Array<(app: App, ctx: AppContext) => void | Promise<void>> = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerSettingsRoutes,
  registerPluginRoutes,
  registerCheckoutRoutes,
  registerOrderRoutes,
  registerEmailRoutes,
  registerWebhookRoutes,
  registerOutgoingWebhookRoutes,
  registerLicenseRoutes,
  registerDashboardRoutes,
  registerImageRoutes,
  registerReleaseRoutes,
  registerReleaseHealthRoutes,
  registerSigningRoutes,
  registerCatalogRoutes,
  registerPostcodeRoutes,
  registerEcommerceTestingRoutes,
  registerWordpressClientRoutes,
  registerAccountRoutes,
  registerReviewRoutes,
  registerPriceRoutes,
  registerCouponRoutes,
  registerEddCompatRoutes,
  registerCustomerRoutes,
  registerStorefrontRoutes,
  registerRenewalReminderRoutes,
  registerImportRoutes,
  registerTaxRoutes,
  registerInvoiceRoutes,
];

export interface RouteInfo {
  method: string;
  url: string;
  schema?: FastifySchema;
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
  if (logger !== false) requestLog.start(app);

  const settings = new SettingsService(db, config);
  // Secrets every instance on one database must share (docs/deploy.md): the download-link key and the
  // release-signing key, each from its environment variable or else stored once in the settings table.
  await ensureDownloadSecret(db, config);
  await ensureSigningKey(db, config);
  await settings.load();
  const { ctx, close: closeServices } = createAppContext(
    { config, db, dialect: config.database.dialect, settings, auth: new AuthService(db, settings), log: app.log },
    services,
  );
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
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });

  // Before the routes: their rate-limit hooks count in Redis when REDIS_URL is set.
  await registerSharedRateLimits(app, config);
  registerAdminGuard(app, ctx);
  for (const register of modules) await register(app, ctx);
  const sendWebPage = await registerWebApp(app, ctx);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/releases/') || path.startsWith('/media/');
    if (!isApi && sendWebPage && (request.method === 'GET' || request.method === 'HEAD')) return sendWebPage(request, reply);
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${path}` });
  });

  return { app, ctx, routes };
}
