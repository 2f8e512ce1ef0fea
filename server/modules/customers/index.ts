// The customers module's public face (issue 27, docs/customers.md).
export { refreshCustomerSummaries } from './customer-summary.service.js';
export { registerCustomerRoutes } from './customers.routes.js';
export { findCustomerByEmail } from './customer-summary.repository.js';
export { openCustomerNameReader } from './customer-name-reader.js';
export { countCustomerRows, type CustomerExportRow, exportCustomerRows, restoreCustomerRows } from './customer-export.js';
