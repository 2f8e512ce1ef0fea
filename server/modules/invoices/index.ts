// The invoices module's door (docs/tax.md "Invoices"): invoices and credit notes issued with payments and refunds,
// their PDFs, and the tax report. Every other file in this folder is private to the module.
export { registerInvoiceRoutes, sendInvoicePdf } from './invoices.routes.js';
export { findInvoiceOfCustomer, invoicesOfOrders } from './invoices.service.js';
