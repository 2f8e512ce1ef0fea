import { DEFAULT_TAX_SETTINGS, taxSettingsSchema, type TaxSettings } from '../../../common/tax.js';
import type { Db } from '../../db/database.js';

// The vendor's tax settings: one JSON row (0060-tax). Read from the database on each checkout, so every instance
// sees a change at once; a stored value that no longer parses falls back field by field to the defaults.
export async function readTaxSettings(db: Db): Promise<TaxSettings> {
  const row = await db.selectFrom('tax_settings').select('value').where('id', '=', 1).executeTakeFirst();
  if (!row) return DEFAULT_TAX_SETTINGS;
  const stored = JSON.parse(row.value) as Record<string, unknown>;
  const merged = { ...DEFAULT_TAX_SETTINGS, ...stored };
  const parsed = taxSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_TAX_SETTINGS;
}

export async function writeTaxSettings(db: Db, settings: TaxSettings, at: string): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto('tax_settings')
    .values({ id: 1, value, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ value, updated_at: at }))
    .execute();
}
