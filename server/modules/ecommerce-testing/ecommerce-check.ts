import type { EcommerceTestResult, EcommerceTestStatus } from '../../../common/ecommerce-testing.js';
import type { TestDataSummary } from '../../../common/postcode.js';
import type { PostcodeEvaluation, PostcodeIndex } from '../postcode/index.js';

/** What the checks may use: the engine, the stored summary and requests through the real HTTP routes. */
export interface SuiteDeps {
  evaluate(postcode: string, orderTotalPounds: number, deliveryDate?: string | null): PostcodeEvaluation;
  index(): PostcodeIndex;
  summary(): Promise<TestDataSummary>;
  /** Sends a request with no credentials through the app and answers the status code. */
  anonymousRequest(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<number>;
}

export type Check = () => EcommerceTestResult | Promise<EcommerceTestResult>;

export const result = (test_name: string, status: EcommerceTestStatus, message: string, details: Record<string, unknown> = {}): EcommerceTestResult => ({
  test_name,
  status,
  message,
  details,
});

/** Runs one check; a check that throws becomes a fail row carrying the error text. */
export async function runCheck(name: string, check: Check): Promise<EcommerceTestResult> {
  try {
    return await check();
  } catch (error) {
    return result(name, 'fail', error instanceof Error ? error.message : String(error), { error: String(error) });
  }
}

export const runChecks = (checks: Array<[string, Check]>): Promise<EcommerceTestResult[]> => Promise.all(checks.map(([name, check]) => runCheck(name, check)));

/** What the cart shows for a postcode: the delivery option, or a message saying why it is missing. */
export function deliveryOptionFor(evaluation: PostcodeEvaluation): { show_delivery_option: boolean; message: string | null } {
  const { test_result } = evaluation;
  if (!test_result.is_valid) return { show_delivery_option: false, message: `"${test_result.postcode}" is not a valid UK postcode` };
  const normalized = test_result.normalized_data?.normalized ?? test_result.postcode;
  if (test_result.best_match.blocked) return { show_delivery_option: false, message: `Sorry, we do not deliver to ${normalized}` };
  if (!test_result.delivery_allowed) return { show_delivery_option: false, message: `Delivery is not available to ${normalized} yet` };
  return { show_delivery_option: true, message: null };
}

/** A postcode inside a rule value's area: NE39 2 → NE39 2AA, NE21 → NE21 1AA, DH → DH1 1AA. */
export function samplePostcodeInside(level: 'full' | 'sector' | 'district' | 'area', value: string): string {
  switch (level) {
    case 'full':
      return value;
    case 'sector':
      return `${value}AA`;
    case 'district':
      return `${value} 1AA`;
    case 'area':
      return `${value}1 1AA`;
  }
}
