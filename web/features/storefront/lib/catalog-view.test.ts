import { describe, expect, it } from 'vitest';
import type { PublicPlugin } from '@common/catalog';
import { catalogCards, isListedInCatalog } from './catalog-view';

const plugin = (slug: string, overrides: Partial<PublicPlugin> = {}): PublicPlugin => ({
  slug,
  name: slug,
  description: '',
  active: true,
  is_free: false,
  pricing_active: true,
  currency: 'GBP',
  price: 1000,
  discount_price: null,
  price_display: null,
  discount_display: null,
  current_version: '1.7.51',
  category: 'shipping',
  rating: 0,
  review_count: 0,
  verified_rating: false,
  downloads_label: '',
  active_installs: 0,
  is_popular: false,
  is_featured: false,
  features: [],
  benefits: [],
  requirements: [],
  use_cases: [],
  requires_wp: null,
  tested_wp: null,
  requires_php: null,
  long_description: '',
  author: null,
  documentation_url: null,
  homepage: null,
  release_version: '1.7.51',
  release_date: null,
  is_purchasable: true,
  primary_image: null,
  icon: null,
  banner: null,
  prices: [],
  ...overrides,
});

const slugs = (plugins: PublicPlugin[]) => plugins.map((p) => p.slug);
const all = { search: '', category: 'all', sort: 'name' } as const;

describe('catalogue view', () => {
  it('lists only active plugins with a qualifying release', () => {
    expect(isListedInCatalog(plugin('a'))).toBe(true);
    expect(isListedInCatalog(plugin('a', { release_version: null }))).toBe(false);
    expect(isListedInCatalog(plugin('a', { active: false }))).toBe(false);
  });

  it('searches name, description and features case-insensitively', () => {
    const plugins = [plugin('zones', { features: ['Postcode Blacklist'] }), plugin('other', { description: 'Analytics' })];
    expect(slugs(catalogCards(plugins, { ...all, search: 'blackLIST' }))).toEqual(['zones']);
    expect(slugs(catalogCards(plugins, { ...all, search: ' analytics ' }))).toEqual(['other']);
    expect(catalogCards(plugins, { ...all, search: 'nothing like this' })).toEqual([]);
  });

  it('filters by category', () => {
    const plugins = [plugin('a'), plugin('b', { category: 'developer-tools' })];
    expect(slugs(catalogCards(plugins, { ...all, category: 'developer-tools' }))).toEqual(['b']);
  });

  it('sorts by name, price (what a buyer pays; no price last), rating and popular', () => {
    const plugins = [
      plugin('c', { price: 3000, discount_price: 500, rating: 4, review_count: 10 }),
      plugin('a', { price: 2000, rating: 5, review_count: 1 }),
      plugin('b', { pricing_active: false, is_popular: true, rating: 4, review_count: 50 }),
    ];
    expect(slugs(catalogCards(plugins, { ...all, sort: 'name' }))).toEqual(['a', 'b', 'c']);
    expect(slugs(catalogCards(plugins, { ...all, sort: 'price' }))).toEqual(['c', 'a', 'b']);
    expect(slugs(catalogCards(plugins, { ...all, sort: 'rating' }))).toEqual(['a', 'b', 'c']);
    expect(slugs(catalogCards(plugins, { ...all, sort: 'popular' }))).toEqual(['b', 'c', 'a']);
  });
});
