// The customers module's public face (issue 27, docs/customers.md).
export { refreshCustomerSummaries } from './customer-summary.service.js';
export { findCustomerByEmail } from './customer-summary.repository.js';
export { countCustomerRows, type CustomerExportRow, exportCustomerRows, restoreCustomerRows } from './customer-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerCustomerRoutes } from './customers.routes.js';
import { refreshSummariesOnEvent } from './customer-events.js';

/** What the composition root installs (server/services.ts). */
export const customersModule: AppModule = { name: 'customers', routes: registerCustomerRoutes, recorders: [refreshSummariesOnEvent] };
