import {
  activateRequestSchema,
  activateResponseSchema,
  deactivateRequestSchema,
  deactivateResponseSchema,
  validateRequestSchema,
  validateResponseSchema,
} from '../../../common/licenses.js';
import type { App, AppContext } from '../../kernel/context.js';
import { fastSerializerCompiler } from '../../lib/fast-serializer.js';
import { machineApiRateLimit } from '../../http/rate-limit.js';
import { activateSite, deactivateSite, seatRules, validateLicense } from './machine.service.js';
import { openValidationReader } from './validation-reader.js';
import { signValidationAnswer } from './signed-answer.js';

/** Public API for WordPress sites. Bodies may be JSON or form-encoded (wp_remote_post sends form fields). */
export function registerMachineRoutes(app: App, ctx: AppContext): void {
  // Each call has its own budget per IP. The answers are a few hundred bytes and requests are never
  // compressed: no compression hooks.
  const machineRouteOptions = (name: string) =>
    ({
      onRequest: machineApiRateLimit(ctx, name),
      compress: false,
      decompress: false,
      serializerCompiler: fastSerializerCompiler,
    }) as const;

  app.post(
    '/api/v1/licenses/activate',
    { ...machineRouteOptions('licence-activate'), schema: { body: activateRequestSchema, response: { 200: activateResponseSchema } } },
    async (request) => activateSite(ctx, request.body, seatRules(ctx)),
  );

  app.post(
    '/api/v1/licenses/deactivate',
    { ...machineRouteOptions('licence-deactivate'), schema: { body: deactivateRequestSchema, response: { 200: deactivateResponseSchema } } },
    async (request) => deactivateSite(ctx, request.body),
  );

  const reader = openValidationReader(ctx);
  if (reader) app.addHook('onClose', async () => reader.close());

  app.post(
    '/api/v1/licenses/validate',
    { ...machineRouteOptions('licence-validate'), schema: { body: validateRequestSchema, response: { 200: validateResponseSchema } } },
    async (request) => {
      const answer = await validateLicense(ctx.db, request.body, reader?.read, ctx.settings.get('expired_license_policy') === 'updates_only');
      return request.body.signed ? { ...answer, signature: signValidationAnswer(ctx.signing, request.body, answer) } : answer;
    },
  );
}
