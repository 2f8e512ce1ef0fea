import type { TestDataSummary } from '../../../common/postcode.js';
import type { Database } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import type { EngineSettings, PostcodeRule, RuleKind, SectorPricingEntry } from './postcode-engine.js';

// The only place that builds queries for postcode delivery zones.

export interface StoredPostcodeData {
  rules: PostcodeRule[];
  sectorPricing: SectorPricingEntry[];
  settings: Map<string, unknown>;
}

export async function readPostcodeData(db: Database): Promise<StoredPostcodeData> {
  const [rules, sectorPricing, settings] = await Promise.all([
    db.selectFrom('postcode_rules').select(['kind', 'value', 'price']).orderBy('id').execute(),
    db.selectFrom('postcode_sector_pricing').select(['sector', 'price']).orderBy('id').execute(),
    db.selectFrom('postcode_settings').select(['key', 'value']).execute(),
  ]);
  return {
    rules: rules.map((row) => ({ kind: row.kind as RuleKind, value: row.value, price: row.price })),
    sectorPricing,
    settings: new Map(settings.map((row) => [row.key, JSON.parse(row.value) as unknown])),
  };
}

/** Installs rules, pricing entries and settings in one transaction; existing entries with the same value are updated. */
export async function upsertPostcodeData(db: Database, rules: PostcodeRule[], sectorPricing: SectorPricingEntry[], settings: EngineSettings): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const rule of rules) {
      await trx
        .insertInto('postcode_rules')
        .values({ kind: rule.kind, value: rule.value, price: rule.price, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['kind', 'value']).doUpdateSet({ price: rule.price, updated_at: now }))
        .execute();
    }
    for (const entry of sectorPricing) {
      await trx
        .insertInto('postcode_sector_pricing')
        .values({ sector: entry.sector, price: entry.price, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('sector').doUpdateSet({ price: entry.price, updated_at: now }))
        .execute();
    }
    for (const [key, value] of Object.entries(settings)) {
      const json = JSON.stringify(value);
      await trx
        .insertInto('postcode_settings')
        .values({ key, value: json, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
        .execute();
    }
  });
}

export async function countPostcodeData(db: Database): Promise<TestDataSummary> {
  const rows = await db
    .selectFrom('postcode_rules')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('kind')
    .execute();
  const pricing = await db
    .selectFrom('postcode_sector_pricing')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  const byKind = new Map(rows.map((row) => [row.kind, Number(row.count)]));
  return {
    area_rules: byKind.get('area') ?? 0,
    sector_rules: byKind.get('sector') ?? 0,
    full_rules: byKind.get('full') ?? 0,
    blacklist_rules: byKind.get('blacklist') ?? 0,
    sector_pricing_entries: Number(pricing?.count ?? 0),
  };
}
