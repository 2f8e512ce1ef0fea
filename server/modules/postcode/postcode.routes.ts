import {
  postcodeBulkRequestSchema,
  postcodeBulkResponseSchema,
  postcodeTestRequestSchema,
  postcodeTestResponseSchema,
  precedenceResponseSchema,
  setupTestDataResponseSchema,
  suiteResponseSchema,
  testDataSummaryResponseSchema,
} from '../../../common/postcode.js';
import type { App, AppContext } from '../../kernel/context.js';
import { machineApiRateLimit, rateLimit } from '../../http/rate-limit.js';
import { fastSerializerCompiler } from '../../lib/fast-serializer.js';

// Paths under /api/postcode/admin/ and the bulk test are admin-only by the admin guard (ADMIN_PATHS); the single
// test and the suites are public.
/** A single test's body is a postcode and two small fields; Fastify's default limit (1 MB) is far above it. */
const SINGLE_TEST_BODY_LIMIT = 4 * 1024;
export async function registerPostcodeRoutes(app: App, ctx: AppContext): Promise<void> {
  const service = ctx.postcode;
  await service.ensureLoaded();

  app.get(
    '/api/postcode/admin/test-data-summary',
    { config: { permission: 'tools:use' }, schema: { response: { 200: testDataSummaryResponseSchema } } },
    async () => ({
      success: true as const,
      data: { summary: await service.summary() },
    }),
  );

  app.post(
    '/api/postcode/admin/setup-test-data',
    { config: { permission: 'tools:use' }, schema: { response: { 200: setupTestDataResponseSchema } } },
    async () => ({
      success: true as const,
      message: 'Postcode test data installed',
      data: { summary: await service.setupTestData() },
    }),
  );

  app.post(
    '/api/postcode/test',
    {
      // Public: the public API's per-IP limit (Settings), as for the licence calls.
      onRequest: machineApiRateLimit(ctx, 'postcode-test'),
      bodyLimit: SINGLE_TEST_BODY_LIMIT,
      schema: { body: postcodeTestRequestSchema, response: { 200: postcodeTestResponseSchema } },
    },
    (request) => ({ success: true as const, data: service.test(request.body) }),
  );

  app.post(
    '/api/postcode/test-bulk',
    {
      config: { permission: 'tools:use' },
      // Admin-only; the limit stays so a leaked API token or session cannot turn it into a CPU sink.
      onRequest: rateLimit({ name: 'postcode-test-bulk', max: 120 }),
      // Up to 10,000 results (≈ 8 MB): zod's check of the answer cost as much as computing it.
      serializerCompiler: fastSerializerCompiler,
      schema: { body: postcodeBulkRequestSchema, response: { 200: postcodeBulkResponseSchema } },
    },
    (request) => ({ success: true as const, data: service.testBulk(request.body) }),
  );

  app.get('/api/postcode/test-suite/user-scenarios', { schema: { response: { 200: suiteResponseSchema } } }, () => ({
    success: true as const,
    data: service.runUserScenarios(),
  }));

  app.get('/api/postcode/test-suite/precedence', { schema: { response: { 200: precedenceResponseSchema } } }, () => ({
    success: true as const,
    data: service.runPrecedence(),
  }));
}
