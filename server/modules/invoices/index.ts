// The invoices module's door (docs/tax.md "Invoices"): invoices and credit notes issued with payments and refunds,
// their PDFs, and the tax report. Every other file in this folder is private to the module.
export { sendInvoicePdf } from './invoices.routes.js';
export { findInvoiceOfCustomer, invoicesOfOrders } from './invoices.service.js';

import type { AppModule } from '../../kernel/module.js';
import { registerInvoiceRoutes } from './invoices.routes.js';
import { invoiceRecorder } from './issue-invoice.js';

/** What the composition root installs (server/services.ts): its routes, and the recorder that issues invoices and credit notes. */
export const invoicesModule: AppModule = { name: 'invoices', routes: registerInvoiceRoutes, contextRecorders: (ctx) => [invoiceRecorder(ctx)] };
