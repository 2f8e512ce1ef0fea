import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { App, AppContext } from '../../kernel/context.js';
import fastJson from 'fast-json-stringify';
import { EDD_ACTIONS, eddRequestSchema, type EddAction, type EddCheckAnswer, type EddRequest } from '../../../common/edd-compat.js';
import { machineApiRateLimit } from '../../http/rate-limit.js';
import { openValidationReader, seatRules } from '../licenses/index.js';
import { openEddItemReader } from '../plugins/index.js';
import { eddActivate, eddCheck, eddDeactivate, siteOf } from './edd-license.service.js';
import { eddGetVersion } from './edd-version.service.js';
import { answerOldPackageLink } from './edd-package-link.js';

const isEddAction = (value: string | undefined): value is EddAction => (EDD_ACTIONS as readonly string[]).includes(value ?? '');

/** The request's fields: the query string, and over it a POST's form or JSON fields (EDD reads either). */
function fieldsOf(request: FastifyRequest): EddRequest {
  const query = request.query as EddRequest;
  const body = request.body as EddRequest | undefined;
  if (!body) return query;
  for (const _ in query) return { ...query, ...body };
  return body; // a POST with nothing in its query string, as EDD's clients send it
}

/**
 * check_license's answer, the hot one, written by a serializer compiled once (server/lib/fast-serializer.ts says
 * why); `satisfies` keeps it to every field of EddCheckAnswer. The other actions' answers go through JSON.stringify.
 */
// fast-json-stringify writes a field of several types by its JavaScript type (its typings know only one).
const serializeCheckAnswer = fastJson({
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    license: { type: 'string' },
    item_id: { type: ['integer', 'boolean'] },
    item_name: { type: 'string' },
    expires: { type: 'string' },
    license_limit: { type: 'integer' },
    site_count: { type: 'integer' },
    activations_left: { type: ['integer', 'string'] },
    checksum: { type: 'string' },
    payment_id: { type: 'integer' },
    customer_name: { type: 'string' },
    customer_email: { type: ['string', 'null'] },
    price_id: { type: ['string', 'null'] },
  } satisfies Record<keyof EddCheckAnswer, { type: string | string[] }>,
} as Parameters<typeof fastJson>[0]);

/**
 * The Easy Digital Downloads Software Licensing API at the shop's root URL (docs/migrating.md): `GET` or `POST
 * /?edd_action=…`. A request without a known `edd_action` is not for it: a GET gets the storefront, as the
 * EDD shop's home page answered it, and a POST a 400 naming the actions this shop answers.
 */
export function registerEddCompatRoutes(app: App, ctx: AppContext): void {
  // One budget per action, at the machine API's Setting (docs/rate-limits.md). A hook after parsing, since a
  // POST names its action in the body; a storefront request is never counted.
  const budgets: Record<EddAction, ReturnType<typeof machineApiRateLimit>> = {
    activate_license: machineApiRateLimit(ctx, 'edd-activate'),
    deactivate_license: machineApiRateLimit(ctx, 'edd-deactivate'),
    check_license: machineApiRateLimit(ctx, 'edd-check'),
    get_version: machineApiRateLimit(ctx, 'edd-get-version'),
  };
  const limitRate = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const action = fieldsOf(request).edd_action;
    if (isEddAction(action)) budgets[action].call(request.server, request, reply, done);
    else done();
  };

  // The licence with its buyer's name, in one statement.
  const reader = openValidationReader(ctx);
  if (reader) app.addHook('onClose', async () => reader.close());
  const itemReader = openEddItemReader(ctx);
  if (itemReader) app.addHook('onClose', async () => itemReader.close());

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = fieldsOf(request);
    const action = fields.edd_action?.trim();
    if (!action) return reply.callNotFound();
    if (!isEddAction(action)) {
      if (request.method === 'GET') return reply.callNotFound();
      return reply.code(400).send({
        error: 'BAD_REQUEST',
        message: `Unknown edd_action "${action}": this shop answers ${EDD_ACTIONS.join(', ')}`,
      });
    }
    // Answers carry a licence's state or a per-licence link: no shared cache may keep them.
    reply.header('Cache-Control', 'private, no-store');
    const site = siteOf(fields, request.headers['user-agent']);
    switch (action) {
      case 'activate_license':
        return eddActivate(ctx, fields, site, seatRules(ctx));
      case 'deactivate_license':
        return eddDeactivate(ctx, fields, site);
      case 'check_license':
        reply.serializer(serializeCheckAnswer);
        return eddCheck(ctx.db, fields, site, reader?.read, itemReader?.read);
      case 'get_version':
        return eddGetVersion(ctx, fields, site, ctx.settings.baseUrl(`${request.protocol}://${request.host}`));
    }
  };

  // No response schema: each action has its own shape, fixed by EDD and typed in common/edd-compat.ts, and
  // Fastify's default serialiser writes the returned object as JSON.
  app.get('/', { preHandler: limitRate, schema: { querystring: eddRequestSchema } }, answer);
  // A POST is always an EDD call (or refused): its answers are a few hundred bytes and never compressed, so it
  // skips the compression hooks, as the machine API does (server/modules/licenses/machine.routes.ts).
  // Package links the EDD store handed out before the move (edd-package-link.ts).
  app.get('/edd-sl/package_download/*', { onRequest: machineApiRateLimit(ctx, 'edd-package-download') }, answerOldPackageLink(ctx));
  app.post(
    '/',
    { preHandler: limitRate, compress: false, decompress: false, schema: { querystring: eddRequestSchema, body: eddRequestSchema.optional() } },
    answer,
  );
}
