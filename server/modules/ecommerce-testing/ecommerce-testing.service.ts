import { summariseEcommerceReports, type EcommerceReportGroup, type EcommerceReports, type EcommerceTestResult } from '../../../common/ecommerce-testing.js';
import type { SuiteDeps } from './ecommerce-check.js';
import { adminInterfaceChecks } from './admin-interface.checks.js';
import { blacklistChecks, cartGateChecks } from './cart-gate.checks.js';
import { featureStatusChecks } from './feature-status.checks.js';
import { customerJourneyChecks } from './journey.checks.js';
import { pricingChecks, shippingChecks } from './pricing.checks.js';

const groups: Record<EcommerceReportGroup, (deps: SuiteDeps) => Promise<EcommerceTestResult[]>> = {
  feature_status_dashboard: featureStatusChecks,
  cart_gate_functionality: cartGateChecks,
  shipping_amounts_checkout: shippingChecks,
  blacklist_checkbox_removal: blacklistChecks,
  admin_interface: adminInterfaceChecks,
  customer_journey: customerJourneyChecks,
  pricing_calculation: pricingChecks,
};

/** Runs the seven report groups; a group that fails as a whole becomes one fail row with the error text. */
export async function runEcommerceSuite(deps: SuiteDeps) {
  const started = performance.now();
  const entries = await Promise.all(
    (Object.keys(groups) as EcommerceReportGroup[]).map(async (group): Promise<[EcommerceReportGroup, EcommerceTestResult[]]> => {
      try {
        return [group, await groups[group](deps)];
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [group, [{ test_name: `${group} checks`, status: 'fail', message, details: { error: message } }]];
      }
    }),
  );
  const reports = Object.fromEntries(entries) as EcommerceReports;
  return { reports, overall: summariseEcommerceReports(reports), execution_time_ms: Math.round((performance.now() - started) * 1000) / 1000 };
}
