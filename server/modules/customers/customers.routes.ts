import { customerListQuerySchema, customerListSchema } from '../../../common/customers.js';
import type { App, AppContext } from '../../context.js';
import { listCustomers } from './customers.service.js';

/** The admin Customers pages' calls (admin-only by their prefix: common/admin-paths.ts). */
export function registerCustomerRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/customers', { schema: { querystring: customerListQuerySchema, response: { 200: customerListSchema } } }, async (request) =>
    listCustomers(ctx.db, request.query),
  );
}
