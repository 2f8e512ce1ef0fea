import { describe, expect, it } from 'vitest';
import { DEFAULT_STORE_IDENTITY, DEMO_STORE_IDENTITY } from './store-identity.js';
import {
  catalogIntroText,
  landingValuePoints,
  purchasePoints,
  sitesRangeText,
  spellDefaultWording,
  spellLicence,
  tierCoverText,
  updatesText,
} from './store-terms.js';
import { tierSummary } from './pricing.js';

// Issue 40: every promise a buyer reads comes from the vendor's terms and the tier bought; the demo's values give
// the specification's texts.

const DEMO_TIER = { term: 'lifetime', sites: 3 } as const;
const LUMEN = { refund_days: 14, support_promise: 'within one working day', license_key_prefix: '', spelling: 'american' } as const;
const LUMEN_TIERS = [
  { name: 'Personal', term: 'year', sites: 1 },
  { name: 'Business', term: 'year', sites: 5 },
  { name: 'Unlimited', term: 'lifetime', sites: null },
] as const;
const DEMO_PROMISES = /up to 3 websites|30-day|within 24 hours|8022/;

describe('the demo shop reads as the specification', () => {
  it('landing, catalogue, purchase box', () => {
    expect(landingValuePoints([DEMO_TIER], DEMO_STORE_IDENTITY)).toEqual([
      { title: 'One-time payment', text: 'Pay once and use your plugin for good: each licence covers up to 3 websites.' },
      { title: 'Lifetime updates', text: 'Signed updates delivered straight to your WordPress dashboard, for life.' },
      { title: '30-day money-back guarantee', text: 'Not the right fit? Ask for a full refund within 30 days of purchase.' },
    ]);
    expect(catalogIntroText([DEMO_TIER], DEMO_STORE_IDENTITY)).toBe('Professional WordPress plugins, each with a one-time licence for up to 3 websites.');
    expect(tierSummary(DEMO_TIER)).toBe('One-time purchase, 3 domain license');
    expect(purchasePoints(DEMO_TIER, DEMO_STORE_IDENTITY)).toEqual([
      'Use on up to 3 websites',
      'Lifetime updates',
      '30-day money-back guarantee',
      'Licence key by e-mail',
    ]);
    expect(tierCoverText(DEMO_TIER, 'american')).toBe('Lifetime license, up to 3 websites');
  });
});

describe("another vendor's terms", () => {
  it('promise none of the demo', () => {
    const texts = [
      ...landingValuePoints(LUMEN_TIERS, LUMEN).flatMap((point) => [point.title, point.text]),
      catalogIntroText(LUMEN_TIERS, LUMEN),
      ...LUMEN_TIERS.flatMap((tier) => [...purchasePoints(tier, LUMEN), tierSummary(tier), tierCoverText(tier, LUMEN.spelling)]),
    ];
    for (const text of texts) expect(text).not.toMatch(DEMO_PROMISES);
    // "Lifetime updates" only for the lifetime tier.
    expect(LUMEN_TIERS.map((tier) => purchasePoints(tier, LUMEN).includes('Lifetime updates'))).toEqual([false, false, true]);
    expect(texts.join(' ')).not.toMatch(/licence/);
    expect(texts).toContain('14-day money-back guarantee');
    expect(landingValuePoints(LUMEN_TIERS, LUMEN)[0]).toEqual({
      title: 'Choose your plan',
      text: 'Each license covers 1 to 5 websites or unlimited, paid once or by the term.',
    });
  });

  it('a yearly tier names its sites and the date its updates run to; only a lifetime tier says lifetime updates', () => {
    expect(tierCoverText(LUMEN_TIERS[1], 'british')).toBe('Yearly licence, up to 5 websites');
    expect(tierCoverText(LUMEN_TIERS[0], 'american')).toBe('Yearly license, 1 website');
    expect(tierCoverText(LUMEN_TIERS[2], 'american')).toBe('Lifetime license, unlimited websites');
    expect(updatesText('year', '2027-11-28T09:00:00.000Z')).toBe('Updates until 28 November 2027, renewable');
    expect(updatesText('year')).toBe('Updates for a year, renewable');
    expect(updatesText('lifetime', null)).toBe('Lifetime updates');
    expect(tierSummary(LUMEN_TIERS[0])).toBe('Yearly plan, 1 domain license');
  });

  it('0 refund days removes the guarantee everywhere; no support promise, no promise', () => {
    const none = { ...DEFAULT_STORE_IDENTITY };
    const texts = [...landingValuePoints([DEMO_TIER], none).flatMap((point) => [point.title, point.text]), ...purchasePoints(DEMO_TIER, none)];
    expect(texts.join(' ')).not.toMatch(/money-back|refund|guarantee/i);
    expect(landingValuePoints([DEMO_TIER], { ...none, support_promise: 'within a day' })[2]).toEqual({
      title: 'Support',
      text: 'Questions about a plugin? We answer within a day.',
    });
  });

  it('a shop with nothing on sale says nothing about sites', () => {
    expect(sitesRangeText([])).toBeNull();
    expect(catalogIntroText([], DEFAULT_STORE_IDENTITY)).toBe('Professional WordPress plugins.');
    expect(landingValuePoints([], DEFAULT_STORE_IDENTITY).map((point) => point.title)).toEqual(['Licence key by e-mail']);
  });

  it('spells a British text for the shop: licence(s) and Licence(s) become license(s) under American spelling, and only those words', () => {
    const text = 'Your Licence: two licences, licenced? licencee, https://example.com/licence';
    expect(spellLicence(text, 'british')).toBe(text);
    expect(spellLicence(text, 'american')).toBe('Your License: two licenses, licenced? licencee, https://example.com/license');
    // A default wording is spelled; the vendor's own wording stays as written.
    expect(spellDefaultWording('Your licence', ['Your licence'], 'american')).toBe('Your license');
    expect(spellDefaultWording('My own licence text', ['Your licence'], 'american')).toBe('My own licence text');
  });
});
