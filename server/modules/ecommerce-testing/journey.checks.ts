import type { EcommerceTestResult } from '../../../common/ecommerce-testing.js';
import { formatPence } from '../../../common/postcode.js';
import { deliveryOptionFor, result, runChecks, type Check, type SuiteDeps } from './ecommerce-check.js';

interface Customer {
  name: string;
  typed_postcode: string;
  order_total: number;
  date?: string;
  /** Expected shipping in pence, or null when the journey must stop at the delivery check. */
  shipping: number | null;
}

const CUSTOMERS: Customer[] = [
  { name: 'Customer in NE39 1AA with a £25 basket', typed_postcode: 'NE39 1AA', order_total: 25, shipping: 350 },
  { name: 'Customer typing "ne16 6aa" with a £30 basket', typed_postcode: 'ne16 6aa', order_total: 30, shipping: 650 },
  { name: 'Customer in NE39 1AB with a £60 basket on a Saturday', typed_postcode: 'NE39 1AB', order_total: 60, date: '2025-09-20', shipping: 300 },
  { name: 'Customer in DH8 5AB with a £25 basket on a Wednesday', typed_postcode: 'DH8 5AB', order_total: 25, date: '2025-09-17', shipping: 950 },
  { name: 'Customer in NE39 2AA (blacklisted sector)', typed_postcode: 'NE39 2AA', order_total: 25, shipping: null },
];

/** Postcode → delivery check → order total → price, step by step, for the sample customers. */
export function customerJourneyChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  return runChecks(
    CUSTOMERS.map((customer): [string, Check] => [
      customer.name,
      () => {
        const evaluation = deps.evaluate(customer.typed_postcode, customer.order_total, customer.date);
        const { test_result: t, pricing_result: p } = evaluation;
        const option = deliveryOptionFor(evaluation);
        const steps = [
          `Postcode entered: "${customer.typed_postcode}" → ${t.normalized_data?.normalized ?? 'invalid'}`,
          `Delivery check: ${option.show_delivery_option ? 'available' : `unavailable (${option.message ?? ''})`}`,
          `Order total £${customer.order_total} → shipping ${formatPence(p.total_cost)}`,
        ];
        const details = { steps, pricing: p };
        if (!t.is_valid) return result(customer.name, 'fail', `The postcode "${customer.typed_postcode}" was refused`, details);
        if (customer.shipping === null) {
          return option.show_delivery_option
            ? result(customer.name, 'fail', 'Delivery was offered to a blacklisted postcode', details)
            : result(customer.name, 'pass', `Journey stopped at the delivery check: ${option.message ?? ''}`, details);
        }
        if (!option.show_delivery_option) return result(customer.name, 'fail', `Journey stopped at the delivery check: ${option.message ?? ''}`, details);
        return p.total_cost === customer.shipping
          ? result(customer.name, 'pass', `Checkout shows shipping ${formatPence(p.total_cost)}`, details)
          : result(customer.name, 'fail', `Expected shipping ${formatPence(customer.shipping)}, checkout shows ${formatPence(p.total_cost)}`, details);
      },
    ]),
  );
}
