import { z } from 'zod';
import { setupTestDataResponseSchema, successAnswerSchema, testTotalsFields } from './postcode.js';

// The E-commerce Testing Suite (docs/product-spec.md sections 2 and 3): seven report groups of pass / fail / warning rows.

export const ecommerceReportGroups = [
  'feature_status_dashboard',
  'cart_gate_functionality',
  'shipping_amounts_checkout',
  'blacklist_checkbox_removal',
  'admin_interface',
  'customer_journey',
  'pricing_calculation',
] as const;
export type EcommerceReportGroup = (typeof ecommerceReportGroups)[number];

export const ecommerceTestStatuses = ['pass', 'fail', 'warning'] as const;
export type EcommerceTestStatus = (typeof ecommerceTestStatuses)[number];

export const ecommerceTestResultSchema = z.object({
  test_name: z.string(),
  status: z.enum(ecommerceTestStatuses),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type EcommerceTestResult = z.infer<typeof ecommerceTestResultSchema>;

export const ecommerceOverallSchema = z.object({ ...testTotalsFields, warnings: z.number().int() });
export type EcommerceOverall = z.infer<typeof ecommerceOverallSchema>;

const reportShape = Object.fromEntries(ecommerceReportGroups.map((group) => [group, z.array(ecommerceTestResultSchema)])) as Record<
  EcommerceReportGroup,
  z.ZodArray<typeof ecommerceTestResultSchema>
>;

export const ecommerceReportsSchema = z.object(reportShape);
export type EcommerceReports = z.infer<typeof ecommerceReportsSchema>;

export const ecommerceRunResponseSchema = successAnswerSchema({
  reports: ecommerceReportsSchema,
  overall: ecommerceOverallSchema,
  execution_time_ms: z.number(),
});
export type EcommerceRunResponse = z.infer<typeof ecommerceRunResponseSchema>;

export const ecommerceSetupResponseSchema = setupTestDataResponseSchema;
export type EcommerceSetupResponse = z.infer<typeof ecommerceSetupResponseSchema>;

/** Totals over every row: warnings are neither passed nor failed; the pass rate is passed over all rows. */
export function summariseEcommerceReports(reports: EcommerceReports): EcommerceOverall {
  const rows = ecommerceReportGroups.flatMap((group) => reports[group]);
  const passed = rows.filter((row) => row.status === 'pass').length;
  const failed = rows.filter((row) => row.status === 'fail').length;
  return {
    total_tests: rows.length,
    passed,
    failed,
    warnings: rows.length - passed - failed,
    pass_rate: rows.length === 0 ? 0 : Math.round((passed / rows.length) * 1000) / 10,
  };
}
