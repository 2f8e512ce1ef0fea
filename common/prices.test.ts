import { describe, expect, it } from 'vitest';
import { lemonSqueezyMissing, readLemonSqueezyCheckoutLink, storedLemonSqueezyCheckoutLink } from './prices.js';

// A tier's Lemon Squeezy checkout link (docs/pricing.md "Lemon Squeezy"): read as pasted, stored normalised.
const UUID = 'd1f120fd-5adc-4fff-8915-cce713d29427';

describe('readLemonSqueezyCheckoutLink', () => {
  it.each([
    [`https://my-store.lemonsqueezy.com/checkout/buy/${UUID}`, { store: 'my-store', variantUuid: UUID }],
    [`http://My-Store.LemonSqueezy.com/checkout/buy/${UUID.toUpperCase()}/?embed=1&logo=0#top`, { store: 'my-store', variantUuid: UUID }],
    [`  my-store.lemonsqueezy.com/checkout/buy/${UUID}  `, { store: 'my-store', variantUuid: UUID }],
    [UUID.toUpperCase(), { store: null, variantUuid: UUID }],
  ])('reads %s', (input, expected) => {
    expect(readLemonSqueezyCheckoutLink(input)).toEqual(expected);
  });

  it.each([
    [`https://lemonsqueezy.com/checkout/buy/${UUID}`, /store's address/],
    [`https://app.lemonsqueezy.com/checkout/buy/${UUID}`, /store's address/],
    [`https://a.b.lemonsqueezy.com/checkout/buy/${UUID}`, /store's address/],
    [`https://my-store.lemonsqueezy.com:8443/checkout/buy/${UUID}`, /store's address/],
    [`https://user:pass@my-store.lemonsqueezy.com/checkout/buy/${UUID}`, /store's address/],
    [`ftp://my-store.lemonsqueezy.com/checkout/buy/${UUID}`, /store's address/],
    [`https://my-store.lemonsqueezy.com/checkout/buy/${UUID}/extra`, /must be a variant's/],
    [`https://my-store.lemonsqueezy.com/checkout/buy/123456`, /must end in the variant's UUID/],
    ['123456', /is not a variant's UUID/],
    ['https://exa mple.com/x', /is not a link/],
  ])('refuses %s, saying what a valid link looks like', (input, message) => {
    const read = readLemonSqueezyCheckoutLink(input);
    expect(read).toEqual({ error: expect.stringMatching(message) });
    expect(read).toEqual({ error: expect.stringContaining(`https://my-store.lemonsqueezy.com/checkout/buy/${UUID}`) });
  });
});

describe('storedLemonSqueezyCheckoutLink and lemonSqueezyMissing', () => {
  it('stores a link naming its store whole, a UUID alone as the UUID', () => {
    expect(storedLemonSqueezyCheckoutLink({ store: 'my-store', variantUuid: UUID })).toBe(`https://my-store.lemonsqueezy.com/checkout/buy/${UUID}`);
    expect(storedLemonSqueezyCheckoutLink({ store: null, variantUuid: UUID })).toBe(UUID);
  });

  it('names what a tier lacks to sell through Lemon Squeezy', () => {
    expect(lemonSqueezyMissing({ lemonsqueezy_variant_id: null, lemonsqueezy_checkout_link: null })).toEqual(['variant ID', 'checkout link']);
    expect(lemonSqueezyMissing({ lemonsqueezy_variant_id: '1', lemonsqueezy_checkout_link: null })).toEqual(['checkout link']);
    expect(lemonSqueezyMissing({ lemonsqueezy_variant_id: '1', lemonsqueezy_checkout_link: UUID })).toEqual([]);
  });
});
