import {
  customerActionResultSchema,
  customerDetailSchema,
  customerEmailChangeSchema,
  customerEraseSchema,
  customerExportSchema,
  customerIdParamsSchema,
  customerLicenseParamsSchema,
  customerListQuerySchema,
  customerListSchema,
  customerUpdateSchema,
  licenseTransferSchema,
} from '../../../common/customers.js';
import {
  changeCustomerEmail,
  eraseCustomer,
  exportCustomer,
  resendCustomerLicenseEmail,
  sendCustomerSignInLink,
  transferCustomerLicense,
} from './customer-actions.service.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listCustomers } from './customers.service.js';
import { getCustomerDetail, updateCustomerDetails } from './customer-page.service.js';

/** The admin Customers pages' calls (admin-only by their prefix: common/admin-paths.ts). */
export function registerCustomerRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/customers',
    { config: { permission: 'customers:read' }, schema: { querystring: customerListQuerySchema, response: { 200: customerListSchema } } },
    async (request) => listCustomers(ctx.db, request.query),
  );

  app.get(
    '/api/admin/customers/:id',
    { config: { permission: 'customers:read' }, schema: { params: customerIdParamsSchema, response: { 200: customerDetailSchema } } },
    async (request) => getCustomerDetail(ctx, request.params.id),
  );

  app.patch(
    '/api/admin/customers/:id',
    {
      config: { permission: 'customers:write' },
      schema: { params: customerIdParamsSchema, body: customerUpdateSchema, response: { 200: customerDetailSchema } },
    },
    async (request) => updateCustomerDetails(ctx, request.params.id, request.body),
  );

  const params = customerIdParamsSchema;
  const result = { 200: customerActionResultSchema };

  app.post('/api/admin/customers/:id/send-sign-in-link', { config: { permission: 'customers:write' }, schema: { params, response: result } }, async (request) =>
    sendCustomerSignInLink(ctx, request.params.id),
  );
  app.post(
    '/api/admin/customers/:id/change-email',
    { config: { permission: 'customers:write' }, schema: { params, body: customerEmailChangeSchema, response: result } },
    async (request) => changeCustomerEmail(ctx, request.params.id, request.body.email, { merge: false }),
  );
  app.post(
    '/api/admin/customers/:id/merge',
    { config: { permission: 'customers:write' }, schema: { params, body: customerEmailChangeSchema, response: result } },
    async (request) => changeCustomerEmail(ctx, request.params.id, request.body.email, { merge: true }),
  );
  app.post(
    '/api/admin/customers/:id/licenses/:licenseId/transfer',
    { config: { permission: 'customers:write' }, schema: { params: customerLicenseParamsSchema, body: licenseTransferSchema, response: result } },
    async (request) => transferCustomerLicense(ctx, request.params.id, request.params.licenseId, request.body.email),
  );
  app.post(
    '/api/admin/customers/:id/licenses/:licenseId/resend-email',
    { config: { permission: 'customers:write' }, schema: { params: customerLicenseParamsSchema, response: result } },
    async (request) => resendCustomerLicenseEmail(ctx, request.params.id, request.params.licenseId),
  );
  app.get(
    '/api/admin/customers/:id/export',
    { config: { permission: 'customers:erase' }, schema: { params, response: { 200: customerExportSchema } } },
    async (request, reply) => {
      const data = await exportCustomer(ctx, request.params.id);
      void reply.header('content-disposition', `attachment; filename="customer-${request.params.id}.json"`);
      return data;
    },
  );
  app.post(
    '/api/admin/customers/:id/erase',
    { config: { permission: 'customers:erase', auditContent: false }, schema: { params, body: customerEraseSchema, response: result } },
    async (request) => eraseCustomer(ctx, request.params.id, request.body.licenses),
  );
}
