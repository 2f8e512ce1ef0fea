// The invoices module's door (docs/tax.md "Invoices").
export { registerInvoiceRoutes } from './invoices.routes.js';
