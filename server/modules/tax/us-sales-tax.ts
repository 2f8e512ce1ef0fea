import { AppError } from '../../lib/errors.js';
import type { TaxSettings } from '../../../common/tax.js';
import { knownStates, stateRateBp } from './tax-rates.js';

/**
 * US sales tax by state (docs/tax.md "US states"): once the vendor lists the states they collect sales tax in
 * (`us_states`), a US buyer names their state; a listed state is taxed at the `sales-tax` package's state rate,
 * any other is a state where the vendor is not registered. Null when the vendor lists no state (the US is then a
 * country like any other) or the buyer is not in the US.
 */
export function usStateTax(settings: TaxSettings, country: string, state: string | undefined): { region: string; rateBp: number; registered: boolean } | null {
  if (country !== 'US' || settings.us_states.length === 0) return null;
  if (!state) throw new AppError('BAD_REQUEST', 'state is required for a buyer in the United States: choose your state');
  if (!knownStates('US').includes(state)) throw new AppError('BAD_REQUEST', `state ${state} is not a US state we know: choose your state from the list`);
  return { region: state, rateBp: stateRateBp('US', state), registered: settings.us_states.includes(state) };
}
