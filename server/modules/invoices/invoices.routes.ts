import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../kernel/context.js';
import { invoiceIdParamsSchema, invoiceListSchema, taxPeriodQuerySchema, taxReportSchema, type Invoice } from '../../../common/invoices.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { findInvoice, listInvoices, taxReport, taxReportCsv } from './invoices.service.js';

/** Sends an invoice's PDF as a download named after its number. */
export async function sendInvoicePdf(reply: FastifyReply, invoice: Invoice) {
  const pdf = await renderInvoicePdf(invoice);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

// Invoices, credit notes and the tax report (docs/tax.md). The customer's download is an account route
// (server/modules/account), which calls this module's door.
export function registerInvoiceRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/invoices',
    { config: { permission: 'invoices:read' }, schema: { querystring: taxPeriodQuerySchema, response: { 200: invoiceListSchema } } },
    async (request) => ({
      invoices: await listInvoices(ctx, request.query),
    }),
  );
  app.get('/api/admin/invoices/:id/pdf', { config: { permission: 'invoices:read' }, schema: { params: invoiceIdParamsSchema } }, async (request, reply) =>
    sendInvoicePdf(reply, await findInvoice(ctx, request.params.id)),
  );
  app.get(
    '/api/admin/tax/report',
    { config: { permission: 'invoices:read' }, schema: { querystring: taxPeriodQuerySchema, response: { 200: taxReportSchema } } },
    async (request) => taxReport(ctx, request.query),
  );
  app.get('/api/admin/tax/report.csv', { config: { permission: 'invoices:read' }, schema: { querystring: taxPeriodQuerySchema } }, async (request, reply) => {
    const report = await taxReport(ctx, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tax-report-${report.from}-${report.to}.csv"`)
      .send(taxReportCsv(report));
  });
}
