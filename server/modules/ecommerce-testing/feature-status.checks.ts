import type { EcommerceTestResult } from '../../../common/ecommerce-testing.js';
import { result, runChecks, type SuiteDeps } from './ecommerce-check.js';

export const WEEKDAY_RANGE = { min: 100, max: 200 } as const;
export const WEEKEND_RANGE = { min: 200, max: 500 } as const;
const inRange = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

export function featureStatusChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  return runChecks([
    [
      'Delivery rules configured',
      async () => {
        const summary = await deps.summary();
        const rules = summary.area_rules + summary.sector_rules + summary.full_rules;
        return rules > 0
          ? result(
              'Delivery rules configured',
              'pass',
              `${rules} delivery rules (${summary.area_rules} area, ${summary.sector_rules} sector, ${summary.full_rules} full)`,
              { summary },
            )
          : result('Delivery rules configured', 'fail', 'No delivery rules are stored: run Setup Test Data', { summary });
      },
    ],
    [
      'Blacklist configured',
      async () => {
        const summary = await deps.summary();
        return summary.blacklist_rules > 0
          ? result('Blacklist configured', 'pass', `${summary.blacklist_rules} blacklist entries`, { blacklist_rules: summary.blacklist_rules })
          : result('Blacklist configured', 'warning', 'No blacklist entries are stored', { blacklist_rules: 0 });
      },
    ],
    [
      'Sector pricing configured',
      async () => {
        const summary = await deps.summary();
        return summary.sector_pricing_entries > 0
          ? result('Sector pricing configured', 'pass', `${summary.sector_pricing_entries} sector pricing entries`, {
              sector_pricing_entries: summary.sector_pricing_entries,
            })
          : result('Sector pricing configured', 'warning', 'No sector pricing entries are stored', { sector_pricing_entries: 0 });
      },
    ],
    [
      'Stored rules are valid',
      () => {
        const invalid = deps.index().invalidValues;
        return invalid.length === 0
          ? result('Stored rules are valid', 'pass', 'Every stored rule and pricing entry is a valid postcode shape for its kind')
          : result('Stored rules are valid', 'fail', `${invalid.length} stored entries can never match: ${invalid.join(', ')}`, { invalid });
      },
    ],
    [
      'Engine settings valid',
      () => {
        const settings = deps.index().settings;
        const problems: string[] = [];
        if (settings.free_delivery_threshold == null) problems.push('no free delivery threshold');
        if (!inRange(settings.weekday_surcharge, WEEKDAY_RANGE)) problems.push('weekday surcharge outside £1–£2');
        if (!inRange(settings.saturday_surcharge, WEEKEND_RANGE)) problems.push('Saturday surcharge outside £2–£5');
        if (!inRange(settings.sunday_surcharge, WEEKEND_RANGE)) problems.push('Sunday surcharge outside £2–£5');
        return problems.length === 0
          ? result('Engine settings valid', 'pass', 'Threshold and date surcharges are set and within range', { settings })
          : result('Engine settings valid', 'warning', `Settings need attention: ${problems.join('; ')}`, { settings });
      },
    ],
  ]);
}
