import { customerDetailSchema, customerIdParamsSchema, customerListQuerySchema, customerListSchema, customerUpdateSchema } from '../../../common/customers.js';
import type { App, AppContext } from '../../context.js';
import { listCustomers } from './customers.service.js';
import { getCustomerDetail, updateCustomerDetails } from './customer-page.service.js';

/** The admin Customers pages' calls (admin-only by their prefix: common/admin-paths.ts). */
export function registerCustomerRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/customers', { schema: { querystring: customerListQuerySchema, response: { 200: customerListSchema } } }, async (request) =>
    listCustomers(ctx.db, request.query),
  );

  app.get('/api/admin/customers/:id', { schema: { params: customerIdParamsSchema, response: { 200: customerDetailSchema } } }, async (request) =>
    getCustomerDetail(ctx, request.params.id),
  );

  app.patch(
    '/api/admin/customers/:id',
    { schema: { params: customerIdParamsSchema, body: customerUpdateSchema, response: { 200: customerDetailSchema } } },
    async (request) => updateCustomerDetails(ctx, request.params.id, request.body),
  );
}
