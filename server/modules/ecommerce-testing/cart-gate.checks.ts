import type { EcommerceTestResult } from '../../../common/ecommerce-testing.js';
import type { VariationType } from '../../../common/postcode.js';
import { deliveryOptionFor, result, runChecks, samplePostcodeInside, type Check, type SuiteDeps } from './ecommerce-check.js';

const ALLOWED = ['NE39 1AA', 'NE39 1AB', 'NE16 6AA', 'NE16 4AA', 'NE21 4AB', 'DH8 5AB'];
const BLACKLISTED = ['NE39 2AA', 'NE21 4AA', 'NE17 7AA', 'NE16 5XY', 'NE1 1AA', 'DH1 1AA'];
const UNKNOWN = ['SR1 1AA'];
const INVALID = ['INVALID', '12345', 'NE39'];

export function cartGateChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  const gate = (label: string, postcode: string, expectOpen: boolean, expectValid = true): [string, Check] => {
    const name = `${label}: ${postcode}`;
    return [
      name,
      () => {
        const evaluation = deps.evaluate(postcode, 25);
        const option = deliveryOptionFor(evaluation);
        const details = {
          delivery_allowed: evaluation.test_result.delivery_allowed,
          is_valid: evaluation.test_result.is_valid,
          best_match: evaluation.test_result.best_match,
        };
        if (evaluation.test_result.is_valid !== expectValid) {
          return result(name, 'fail', expectValid ? `${postcode} was refused as invalid` : `${postcode} was accepted as a valid postcode`, details);
        }
        if (option.show_delivery_option !== expectOpen) {
          return result(name, 'fail', expectOpen ? `${postcode} was stopped at the cart` : `${postcode} passed the cart gate`, details);
        }
        return result(name, 'pass', expectOpen ? `${postcode} can check out with delivery` : (option.message ?? 'Stopped'), details);
      },
    ];
  };
  return runChecks([
    ...ALLOWED.map((postcode) => gate('Allowed postcode passes', postcode, true)),
    ...BLACKLISTED.map((postcode) => gate('Blacklisted postcode stopped', postcode, false)),
    ...UNKNOWN.map((postcode) => gate('Unknown postcode stopped', postcode, false)),
    ...INVALID.map((postcode) => gate('Invalid postcode refused', postcode, false, false)),
  ]);
}

/** Every stored blacklist entry: a postcode inside it loses the delivery option and gets a message. */
export function blacklistChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  const index = deps.index();
  const entries = (Object.keys(index.blacklist) as VariationType[]).flatMap((level) => [...index.blacklist[level]].map((value) => ({ level, value })));
  if (entries.length === 0) {
    return Promise.resolve([result('Blacklist entries present', 'warning', 'No blacklist entries to check: run Setup Test Data')]);
  }
  return runChecks(
    entries.map(({ level, value }): [string, Check] => {
      const postcode = samplePostcodeInside(level, value);
      const name = `Blacklist ${value} removes delivery`;
      return [
        name,
        () => {
          const evaluation = deps.evaluate(postcode, 25);
          const option = deliveryOptionFor(evaluation);
          const details = {
            blacklist_entry: value,
            level,
            postcode,
            best_match: evaluation.test_result.best_match,
            total_cost: evaluation.pricing_result.total_cost,
          };
          if (option.show_delivery_option || evaluation.pricing_result.total_cost !== 0) {
            return result(name, 'fail', `${postcode} still offers delivery (${evaluation.pricing_result.pricing_source})`, details);
          }
          if (!option.message) return result(name, 'fail', `${postcode} loses delivery without a message`, details);
          return result(name, 'pass', `${postcode}: delivery option removed; message "${option.message}"`, { ...details, message: option.message });
        },
      ];
    }),
  );
}
