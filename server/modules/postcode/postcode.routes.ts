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
import type { App, AppContext } from '../../context.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { fastSerializerCompiler } from '../../lib/fast-serializer.js';
import { postcodeServiceFor } from './postcode.service.js';

// Paths under /api/postcode/admin/ are admin-only by the admin guard; the test calls are public.
export async function registerPostcodeRoutes(app: App, ctx: AppContext): Promise<void> {
  const service = postcodeServiceFor(ctx);
  await service.ensureLoaded();

  app.get('/api/postcode/admin/test-data-summary', { schema: { response: { 200: testDataSummaryResponseSchema } } }, async () => ({
    success: true as const,
    data: { summary: await service.summary() },
  }));

  app.post('/api/postcode/admin/setup-test-data', { schema: { response: { 200: setupTestDataResponseSchema } } }, async () => ({
    success: true as const,
    message: 'Postcode test data installed',
    data: { summary: await service.setupTestData() },
  }));

  app.post('/api/postcode/test', {
    schema: { body: postcodeTestRequestSchema, response: { 200: postcodeTestResponseSchema } },
  }, (request) => ({ success: true as const, data: service.test(request.body) }));

  app.post('/api/postcode/test-bulk', {
    onRequest: rateLimit({ max: 120 }),
    // Up to 10,000 results (≈ 8 MB): zod's check of the answer cost as much as computing it.
    serializerCompiler: fastSerializerCompiler,
    schema: { body: postcodeBulkRequestSchema, response: { 200: postcodeBulkResponseSchema } },
  }, (request) => ({ success: true as const, data: service.testBulk(request.body) }));

  app.get('/api/postcode/test-suite/user-scenarios', { schema: { response: { 200: suiteResponseSchema } } }, () => ({
    success: true as const,
    data: service.runUserScenarios(),
  }));

  app.get('/api/postcode/test-suite/precedence', { schema: { response: { 200: precedenceResponseSchema } } }, () => ({
    success: true as const,
    data: service.runPrecedence(),
  }));
}
