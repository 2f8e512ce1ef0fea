// The orders module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { applyPaymentEvent, type PaymentEvent, PURCHASE_PLAN } from './fulfilment.service.js';
export {
  attachIntentToPendingOrder,
  countOrdersOfPlugin,
  findOrderByClientSecretHash,
  findOrderById,
  listOrdersForAdmin,
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
export { renderLicenseEmail } from './license-email.js';
export { registerOrderRoutes } from './orders.routes.js';
export { countOrderRows, exportOrderRows, type OrderExportRow, restoreOrderRows } from './order-export.js';
