import { describe, expect, it } from 'vitest';
import { isPurchasable } from './pricing';
import { saleStatus, type SaleStatusPlugin } from './sale-status';
import { DEFAULT_MIN_RELEASE_VERSION } from './versions';

const plugin = (overrides: Partial<SaleStatusPlugin> = {}): SaleStatusPlugin => ({
  slug: 'p',
  active: true,
  retired_at: null,
  is_free: false,
  pricing_active: true,
  price: 2900,
  discount_price: null,
  currency: 'GBP',
  ...overrides,
});
const release = (version: string, withdrawn = false, slug = 'p') => ({
  plugin_slug: slug,
  version,
  created_at: '2026-01-01T00:00:00.000Z',
  withdrawn_at: withdrawn ? '2026-02-01T00:00:00.000Z' : null,
});
const BELOW = 'newest release 1.0.0 is below the minimum release version 1.7.51 (Settings)';

describe('saleStatus', () => {
  it.each([
    { case: 'on sale', plugin: plugin(), releases: [release('2.0.0')], reasons: [] },
    { case: 'free with pricing active', plugin: plugin({ is_free: true, price: null }), releases: [release('2.0.0')], reasons: [] },
    { case: 'retired', plugin: plugin({ active: false, retired_at: '2026-03-01T00:00:00.000Z' }), releases: [release('2.0.0')], reasons: ['retired'] },
    { case: 'inactive', plugin: plugin({ active: false }), releases: [release('2.0.0')], reasons: ['inactive'] },
    { case: 'pricing off', plugin: plugin({ pricing_active: false }), releases: [release('2.0.0')], reasons: ['pricing not active'] },
    { case: 'no price', plugin: plugin({ price: null }), releases: [release('2.0.0')], reasons: ['no price set'] },
    { case: 'a zero price', plugin: plugin({ price: 0 }), releases: [release('2.0.0')], reasons: ['no price set'] },
    {
      case: 'a new plugin',
      plugin: plugin({ pricing_active: false, price: null }),
      releases: [],
      reasons: ['pricing not active', 'no price set', 'no release'],
    },
    { case: 'another plugin’s release only', plugin: plugin(), releases: [release('2.0.0', false, 'q')], reasons: ['no release'] },
    { case: 'a first release 1.0.0', plugin: plugin(), releases: [release('1.0.0')], reasons: [BELOW] },
    { case: 'the newest withdrawn', plugin: plugin(), releases: [release('2.0.0', true)], reasons: ['newest release 2.0.0 is withdrawn'] },
    {
      case: 'the newest withdrawn, an older one too low',
      plugin: plugin(),
      releases: [release('1.0.0'), release('2.0.0', true)],
      reasons: ['newest release 2.0.0 is withdrawn', 'release 1.0.0, the newest still offered, is below the minimum release version 1.7.51 (Settings)'],
    },
    { case: 'the newest withdrawn, an older one qualifies', plugin: plugin(), releases: [release('1.8.0'), release('2.0.0', true)], reasons: [] },
  ])('$case → $reasons', ({ plugin: subject, releases, reasons }) => {
    const status = saleStatus(subject, releases, DEFAULT_MIN_RELEASE_VERSION);
    expect(status.reasons).toEqual(reasons);
    expect(status.on_sale).toBe(reasons.length === 0);
  });

  it('follows the minimum it is given, with the same answer as isPurchasable', () => {
    for (const minimum of ['1.7.51', '1.0.0', '0.0.0', '1.0.1']) {
      const status = saleStatus(plugin(), [release('1.0.0')], minimum);
      expect(status.on_sale).toBe(isPurchasable(plugin(), minimum !== '1.7.51' && minimum !== '1.0.1'));
    }
    expect(saleStatus(plugin(), [release('1.0.0')], '1.0.1').reasons).toEqual(['newest release 1.0.0 is below the minimum release version 1.0.1 (Settings)']);
  });
});
