import { ecommerceRunResponseSchema, ecommerceSetupResponseSchema } from '../../../common/ecommerce-testing.js';
import type { App, AppContext } from '../../kernel/context.js';
import { evaluatePostcode } from '../postcode/index.js';
import type { SuiteDeps } from './ecommerce-check.js';
import { runEcommerceSuite } from './ecommerce-testing.service.js';

// Everything under /api/ecommerce/ is admin-only by the admin guard.
export async function registerEcommerceTestingRoutes(app: App, ctx: AppContext): Promise<void> {
  const postcode = ctx.postcode;
  await postcode.ensureLoaded();
  const deps: SuiteDeps = {
    evaluate: (code, orderTotal, date) => evaluatePostcode(postcode.currentIndex, code, orderTotal, date),
    index: () => postcode.currentIndex,
    summary: () => postcode.summary(),
    anonymousRequest: async (method, url, payload) => {
      const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
      return response.statusCode;
    },
  };

  app.post(
    '/api/ecommerce/admin/setup-test-data',
    { config: { permission: 'tools:use' }, schema: { response: { 200: ecommerceSetupResponseSchema } } },
    async () => ({
      success: true as const,
      message: 'E-commerce test data installed',
      data: { summary: await postcode.setupTestData() },
    }),
  );

  app.post('/api/ecommerce/test/run', { config: { permission: 'tools:use' }, schema: { response: { 200: ecommerceRunResponseSchema } } }, async () => ({
    success: true as const,
    data: await runEcommerceSuite(deps),
  }));
}
