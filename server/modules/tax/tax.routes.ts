import type { App, AppContext } from '../../kernel/context.js';
import { nowIso } from '../../lib/time.js';
import { AppError } from '../../lib/errors.js';
import { taxSettingsSchema, taxSettingsUpdateSchema, usStatesSchema, type TaxSettings } from '../../../common/tax.js';
import { readTaxSettings, writeTaxSettings } from './tax-settings.repository.js';
import { isKnownCountry, knownStates } from './tax-rates.js';

// The admin's tax settings (docs/tax.md "Tax settings"): GET and PUT /api/admin/tax.
export function registerTaxRoutes(app: App, ctx: AppContext): void {
  // The checkout's and renewal page's State list for a US buyer (public): the states the rates package knows.
  app.get('/api/tax/us-states', { schema: { response: { 200: usStatesSchema } } }, async () => ({ states: knownStates('US') }));
  app.get('/api/admin/tax', { config: { permission: 'settings:read' }, schema: { response: { 200: taxSettingsSchema } } }, async () => readTaxSettings(ctx.db));
  app.put(
    '/api/admin/tax',
    { config: { permission: 'settings:write' }, schema: { body: taxSettingsUpdateSchema, response: { 200: taxSettingsSchema } } },
    async (request) => {
      const next: TaxSettings = { ...(await readTaxSettings(ctx.db)), ...request.body };
      const countries = [next.seller_country, ...next.other_registrations, ...Object.keys(next.rate_overrides)];
      const unknown = countries.find((country) => country !== null && !isKnownCountry(country));
      if (unknown) throw new AppError('BAD_REQUEST', `${unknown} is not a country code we know: use ISO 3166-1 codes such as DE or GB`);
      const state = next.us_states.find((code) => !knownStates('US').includes(code));
      if (state) throw new AppError('BAD_REQUEST', `us_states: ${state} is not a US state we know: use two-letter codes such as CA or NY`);
      if (next.invoice_prefix.toUpperCase() === next.credit_note_prefix.toUpperCase())
        throw new AppError('BAD_REQUEST', 'invoice_prefix and credit_note_prefix must differ: each is its own series of numbers');
      await writeTaxSettings(ctx.db, next, nowIso());
      return next;
    },
  );
}
