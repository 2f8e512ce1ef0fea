import type { EngineSettings, PostcodeRule, SectorPricingEntry } from './postcode-engine.js';

// The fixture that setup-test-data installs (docs/postcode-engine.md). Amounts in pence.

export const FIXTURE_SETTINGS: EngineSettings = {
  free_delivery_threshold: 5000,
  allow_without_rule: false,
  default_price: 0,
  weekday_surcharge: 150,
  saturday_surcharge: 300,
  sunday_surcharge: 400,
};

export const FIXTURE_RULES: PostcodeRule[] = [
  { kind: 'area', value: 'NE39', price: 450 },
  { kind: 'area', value: 'NE16', price: 500 },
  { kind: 'area', value: 'NE17', price: 500 },
  { kind: 'area', value: 'DH', price: 800 },
  { kind: 'sector', value: 'NE16 6', price: 650 },
  { kind: 'sector', value: 'NE17 7', price: 600 },
  { kind: 'sector', value: 'DH9 7', price: 700 },
  { kind: 'full', value: 'NE39 1AB', price: 250 },
  { kind: 'full', value: 'NE21 4AB', price: 600 },
  { kind: 'blacklist', value: 'NE39 2', price: null },
  { kind: 'blacklist', value: 'NE16 5XY', price: null },
  { kind: 'blacklist', value: 'NE21', price: null },
  { kind: 'blacklist', value: 'DH1', price: null },
  { kind: 'blacklist', value: 'NE17 7', price: null },
  { kind: 'blacklist', value: 'NE1', price: null },
];

export const FIXTURE_SECTOR_PRICING: SectorPricingEntry[] = [
  { sector: 'NE39 1', price: 350 },
  { sector: 'NE16 4', price: 475 },
];

/** Engine settings before any are stored: the fixture's, so a fresh install behaves like the documentation. */
export const DEFAULT_ENGINE_SETTINGS: EngineSettings = { ...FIXTURE_SETTINGS };
