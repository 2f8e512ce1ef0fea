// The orders module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { applyPaymentEvent, type PaymentEvent, PURCHASE_PLAN } from './fulfilment.service.js';
export {
  attachIntentToPendingOrder,
  countOrdersOfPlugin,
  findOrderByClientSecretHash,
  findOrderById,
  findPendingOrderByCheckoutKey,
  cancelPendingOrders,
  claimOrderRefund,
  releaseOrderRefund,
  eraseOrderAddress,
  hasPendingOrder,
  insertPendingOrder,
  reassignOrders,
  releaseCheckoutKey,
} from './orders.repository.js';
export { listOrdersForAdmin } from './order-list.repository.js';
export { findLatestTaxedOrderOfLicense, recordCardCountry } from './order-tax.repository.js';
export { renderLicenseEmail } from './license-email.js';
export { countOrderRows, exportOrderRows, type OrderExportRow, restoreOrderRows } from './order-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerOrderRoutes } from './orders.routes.js';
import { LICENCE_EMAIL_KIND, renderLicenseEmailForOrder } from './license-email.js';

/**
 * What the composition root installs (server/services.ts). The outbox renders a licence message when it leaves,
 * from the order as it is then (a fresh download link).
 */
export const ordersModule: AppModule = { name: 'orders', routes: registerOrderRoutes, emailRenderers: { [LICENCE_EMAIL_KIND]: renderLicenseEmailForOrder } };
