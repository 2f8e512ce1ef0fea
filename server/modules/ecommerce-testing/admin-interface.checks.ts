import type { EcommerceTestResult } from '../../../common/ecommerce-testing.js';
import { result, runChecks, type Check, type SuiteDeps } from './ecommerce-check.js';

const ADMIN_CALLS: Array<['GET' | 'POST', string]> = [
  ['GET', '/api/postcode/admin/test-data-summary'],
  ['POST', '/api/postcode/admin/setup-test-data'],
  ['POST', '/api/ecommerce/admin/setup-test-data'],
  ['POST', '/api/ecommerce/test/run'],
];

export function adminInterfaceChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  return runChecks([
    ...ADMIN_CALLS.map(([method, url]): [string, Check] => {
      const name = `${method} ${url} refuses an unauthenticated request`;
      return [
        name,
        async () => {
          const status = await deps.anonymousRequest(method, url);
          return status === 401 || status === 403
            ? result(name, 'pass', `Refused with ${status}`, { status })
            : result(name, 'fail', `Answered ${status} without credentials`, { status });
        },
      ];
    }),
    [
      'Public postcode test needs no sign-in',
      async () => {
        const status = await deps.anonymousRequest('POST', '/api/postcode/test', { postcode: 'NE39 1AA', order_total: 25 });
        return status === 200
          ? result('Public postcode test needs no sign-in', 'pass', 'POST /api/postcode/test answered 200 without credentials', { status })
          : result('Public postcode test needs no sign-in', 'fail', `POST /api/postcode/test answered ${status}`, { status });
      },
    ],
    [
      'Test data summary available',
      async () => {
        const summary = await deps.summary();
        const total = Object.values(summary).reduce((sum, count) => sum + count, 0);
        return total > 0
          ? result('Test data summary available', 'pass', `Summary lists ${total} stored entries`, { summary })
          : result('Test data summary available', 'warning', 'The summary is empty: run Setup Test Data', { summary });
      },
    ],
  ]);
}
