// The customers module's public face (issue 27, docs/customers.md).
export { registerCustomerRoutes } from './customers.routes.js';
export { refreshCustomerSummaries } from './customer-summary.service.js';
