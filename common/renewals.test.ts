import { describe, expect, it } from 'vitest';
import { isHigherTier, renewalPriceMinor, renewPath, termStartOf, upgradePriceMinor } from './renewals.js';

describe('renewal and upgrade prices (docs/pricing.md)', () => {
  it('renews at the full amount less the renewal discount, rounded to a minor unit', () => {
    expect(renewalPriceMinor({ amount: 10000, renewal_discount_percent: 20 })).toBe(8000);
    expect(renewalPriceMinor({ amount: 999, renewal_discount_percent: 15 })).toBe(849); // 849.15
    expect(renewalPriceMinor({ amount: 4900, renewal_discount_percent: 0 })).toBe(4900);
    expect(renewalPriceMinor({ amount: 4900, renewal_discount_percent: 100 })).toBe(0);
  });

  it('calls a tier higher only with more sites, unlimited highest', () => {
    expect(isHigherTier({ sites: 3 }, { sites: 5 })).toBe(true);
    expect(isHigherTier({ sites: 5 }, { sites: null })).toBe(true);
    expect(isHigherTier({ sites: 5 }, { sites: 5 })).toBe(false);
    expect(isHigherTier({ sites: 5 }, { sites: 2 })).toBe(false);
    expect(isHigherTier({ sites: null }, { sites: 10_000 })).toBe(false);
    expect(isHigherTier({ sites: null }, { sites: null })).toBe(false);
  });

  it('finds the start of the term ending at an expiry, with the calendar rule of addTerm', () => {
    expect(termStartOf('2027-11-27T10:00:00.000Z', 'year')).toBe('2026-11-27T10:00:00.000Z');
    expect(termStartOf('2025-02-28T00:00:00.000Z', 'year')).toBe('2024-02-28T00:00:00.000Z');
    expect(termStartOf('2026-03-31T08:30:00.000Z', 'month')).toBe('2026-02-28T08:30:00.000Z');
  });

  it('prorates a yearly or monthly upgrade by the started days left, and charges a lifetime one the difference', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    const year = (expiresAt: string) => upgradePriceMinor({ difference: 15000, term: 'year', expiresAt, termStart: termStartOf(expiresAt, 'year'), now });
    expect(year('2026-04-11T00:00:00.000Z')).toBe(Math.round((15000 * 100) / 365)); // 100 days left of 365: 4110
    expect(year('2026-04-10T12:00:00.000Z')).toBe(Math.round((15000 * 100) / 365)); // 99.5 days: a started day counts
    expect(year('2027-01-01T00:00:00.000Z')).toBe(15000); // a whole term left
    expect(year('2028-01-01T00:00:00.000Z')).toBe(30000); // renewed early: two terms left
    expect(year('2026-01-01T00:00:30.000Z')).toBe(41); // half a minute: one started day
    expect(upgradePriceMinor({ difference: 15000, term: 'lifetime', expiresAt: null, termStart: null, now })).toBe(15000);
    const month = upgradePriceMinor({ difference: 1000, term: 'month', expiresAt: '2026-01-16T00:00:00.000Z', termStart: '2025-12-16T00:00:00.000Z', now });
    expect(month).toBe(Math.round((1000 * 15) / 31));
  });

  it('links to the renewal page with the key encoded', () => {
    expect(renewPath('8022-AB12-CD34-EF56-7QX2')).toBe('/renew?key=8022-AB12-CD34-EF56-7QX2');
    expect(renewPath('a b&c')).toBe('/renew?key=a%20b%26c');
  });
});
