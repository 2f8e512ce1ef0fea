import { z } from 'zod';

// Postcode delivery zones (docs/design.md section 8, docs/product-spec.md section 3). Amounts in results are pence;
// `order_total` in requests is pounds.

export const BULK_POSTCODE_LIMIT = 10_000;
export const POSTCODE_INPUT_MAX_LENGTH = 32;

export const variationTypes = ['full', 'sector', 'district', 'area'] as const;
export type VariationType = (typeof variationTypes)[number];

export const pricingSources = ['full_rule', 'sector_pricing', 'sector_rule', 'area_rule', 'default', 'blocked', 'not_allowed', 'invalid'] as const;
export type PricingSource = (typeof pricingSources)[number];

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when the text is a real calendar date (YYYY-MM-DD) or a full ISO-8601 date-time. */
export function isValidDeliveryDate(value: string): boolean {
  const ymd = YMD.exec(value);
  if (ymd) {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return false;
  const ymdPart = value.slice(0, 10);
  return !Number.isNaN(new Date(value).getTime()) && isValidDeliveryDate(ymdPart);
}

const postcodeInput = z
  .string({ error: 'postcode is required' })
  .trim()
  .min(1, 'postcode is required')
  .max(POSTCODE_INPUT_MAX_LENGTH, `postcode must be at most ${POSTCODE_INPUT_MAX_LENGTH} characters`);

const orderTotal = z
  .number({ error: 'order_total must be a number of pounds, e.g. 25 or 49.99' })
  .min(0, 'order_total must not be negative')
  .max(1_000_000, 'order_total must be at most 1,000,000 pounds');

const deliveryDate = z
  .string({ error: 'delivery_date must be a date such as 2025-09-17' })
  .refine(isValidDeliveryDate, 'delivery_date must be a real calendar date in the form YYYY-MM-DD (or an ISO-8601 date-time)');

/** What a test prices the delivery for: the order's total in pounds and the delivery date. */
const pricingInputFields = { order_total: orderTotal.default(0), delivery_date: deliveryDate.nullish() };

export const postcodeTestRequestSchema = z.object({ postcode: postcodeInput, ...pricingInputFields });
export type PostcodeTestRequest = z.input<typeof postcodeTestRequestSchema>;

export const postcodeBulkRequestSchema = z.object({
  postcodes: z
    .array(z.string().max(POSTCODE_INPUT_MAX_LENGTH, `each postcode must be at most ${POSTCODE_INPUT_MAX_LENGTH} characters`), {
      error: 'postcodes must be a list of postcodes',
    })
    .min(1, 'postcodes must hold at least one postcode')
    .max(BULK_POSTCODE_LIMIT, `A bulk test takes at most ${BULK_POSTCODE_LIMIT.toLocaleString('en-GB')} postcodes; split the list into smaller batches`),
  ...pricingInputFields,
});
export type PostcodeBulkRequest = z.input<typeof postcodeBulkRequestSchema>;

export const normalizedDataSchema = z.object({
  normalized: z.string(),
  outward: z.string(),
  inward: z.string(),
  area: z.string(),
  district: z.string(),
  sector: z.string(),
});
export type NormalizedPostcode = z.infer<typeof normalizedDataSchema>;

export const variationSchema = z.object({ type: z.enum(variationTypes), value: z.string(), priority: z.number().int() });
export type PostcodeVariation = z.infer<typeof variationSchema>;

export const bestMatchSchema = z.object({
  /** 'allow' (a delivery rule decided), 'blacklist' (a blacklist entry decided) or 'none'. */
  type: z.enum(['allow', 'blacklist', 'none']),
  blocked: z.boolean(),
  price: z.number().int().nullable(),
  matched_type: z.enum(variationTypes).nullable(),
  matched_value: z.string().nullable(),
});
export type BestMatch = z.infer<typeof bestMatchSchema>;

export const postcodeTestResultSchema = z.object({
  postcode: z.string(),
  is_valid: z.boolean(),
  delivery_allowed: z.boolean(),
  base_price: z.number().int(),
  normalized_data: normalizedDataSchema.nullable(),
  variations: z.array(variationSchema),
  best_match: bestMatchSchema,
  execution_time_ms: z.number(),
});
export type PostcodeTestResult = z.infer<typeof postcodeTestResultSchema>;

export const pricingResultSchema = z.object({
  base_cost: z.number().int(),
  surcharge: z.number().int(),
  total_cost: z.number().int(),
  is_free_delivery: z.boolean(),
  pricing_source: z.enum(pricingSources),
  order_total: z.number().int(),
  free_delivery_threshold: z.number().int().nullable(),
});
export type PricingResult = z.infer<typeof pricingResultSchema>;

/** The answer of a testing tool's call (Postcode and E-commerce Testing): `success: true` and what it found. */
export const successAnswerSchema = <T extends z.ZodRawShape>(data: T) => z.object({ success: z.literal(true), data: z.object(data) });

export const postcodeTestResponseSchema = successAnswerSchema({ test_result: postcodeTestResultSchema, pricing_result: pricingResultSchema });
export type PostcodeTestResponse = z.infer<typeof postcodeTestResponseSchema>;

export const formattedPricingSchema = z.object({ total_cost: z.string(), base_cost: z.string(), surcharge: z.string() });

export const bulkResultItemSchema = z.object({
  postcode: z.string(),
  delivery_allowed: z.boolean(),
  test_result: postcodeTestResultSchema,
  pricing_result: pricingResultSchema,
  formatted_pricing: formattedPricingSchema,
});
export type BulkResultItem = z.infer<typeof bulkResultItemSchema>;

export const postcodeBulkResponseSchema = successAnswerSchema({
  total_tested: z.number().int(),
  execution_time_ms: z.number(),
  results: z.array(bulkResultItemSchema),
});
export type PostcodeBulkResponse = z.infer<typeof postcodeBulkResponseSchema>;

export const testDataSummarySchema = z.object({
  area_rules: z.number().int(),
  sector_rules: z.number().int(),
  full_rules: z.number().int(),
  blacklist_rules: z.number().int(),
  sector_pricing_entries: z.number().int(),
});
export type TestDataSummary = z.infer<typeof testDataSummarySchema>;

export const testDataSummaryResponseSchema = successAnswerSchema({ summary: testDataSummarySchema });
export type TestDataSummaryResponse = z.infer<typeof testDataSummaryResponseSchema>;

export const setupTestDataResponseSchema = testDataSummaryResponseSchema.extend({ message: z.string() });
export type SetupTestDataResponse = z.infer<typeof setupTestDataResponseSchema>;

export const suiteResultItemSchema = z.object({
  postcode: z.string(),
  description: z.string(),
  order_total: z.number(),
  delivery_date: z.string().nullable(),
  expected_match: z.boolean(),
  formatted_expected: z.string(),
  formatted_actual: z.string(),
});
export type SuiteResultItem = z.infer<typeof suiteResultItemSchema>;

/** A test run's counts (Postcode and E-commerce Testing): tests run, passed and failed, and passed over all, in percent. */
export const testTotalsFields = { total_tests: z.number().int(), passed: z.number().int(), failed: z.number().int(), pass_rate: z.number() };
const suiteTotals = { ...testTotalsFields, execution_time_ms: z.number() };

export const suiteResponseSchema = successAnswerSchema({ ...suiteTotals, results: z.array(suiteResultItemSchema) });
export type SuiteResponse = z.infer<typeof suiteResponseSchema>;

export const applicableRuleSchema = z.object({
  kind: z.enum(['allow', 'blacklist', 'sector_pricing']),
  level: z.enum(variationTypes),
  value: z.string(),
  price: z.number().int().nullable(),
});
export type ApplicableRule = z.infer<typeof applicableRuleSchema>;

export const precedenceResultItemSchema = z.object({
  name: z.string(),
  description: z.string(),
  postcode: z.string(),
  precedence_correct: z.boolean(),
  best_match: bestMatchSchema,
  all_applicable_rules: z.array(applicableRuleSchema),
});
export type PrecedenceResultItem = z.infer<typeof precedenceResultItemSchema>;

export const precedenceResponseSchema = successAnswerSchema({ ...suiteTotals, results: z.array(precedenceResultItemSchema) });
export type PrecedenceResponse = z.infer<typeof precedenceResponseSchema>;

/** Pence as pounds with two decimals: 350 → '£3.50'. */
export const formatPence = (pence: number): string => `£${(pence / 100).toFixed(2)}`;

/** Default inputs of the Postcode Testing page (docs/product-spec.md sections 2 and 9). */
export const DEFAULT_TEST_POSTCODE = 'NE39 1AA';
export const DEFAULT_ORDER_TOTAL = 25;
export const SAMPLE_BULK_POSTCODES = ['NE39 1AA', 'NE39 1AB', 'NE16 6AA', 'NE16 4AA', 'NE39 2AA', 'NE21 4AB', 'DH8 5AB', 'SR1 1AA'] as const;
