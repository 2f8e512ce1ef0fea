import { describe, expect, it } from 'vitest';
import { isPublicPath, matchWebRoute } from './web-routes.js';

describe('matchWebRoute', () => {
  it.each([
    ['/', { page: 'landing' }],
    ['/home', { page: 'landing' }],
    ['/catalog', { page: 'catalog' }],
    ['/plugin/ucre', { page: 'plugin', slug: 'ucre' }],
    ['/plugin/ucre/', { page: 'plugin', slug: 'ucre' }],
    ['/checkout/postcode-delivery-zones', { page: 'checkout', slug: 'postcode-delivery-zones' }],
    ['/PURCHASE/success', undefined], // not public (the prefix is case-sensitive), and no admin page
    ['/purchase/Success', { page: 'purchaseSuccess' }], // wouter matches patterns case-insensitively
    ['/licenses', { page: 'admin' }],
    ['/Licenses/', { page: 'admin' }],
    ['/catalog/', undefined], // not public, so the admin router gets it and has no such page
    ['/plugin/a/b', undefined],
    ['/public/x', undefined],
    ['/nope', undefined],
    ['/account', { page: 'account' }],
    ['/account/sign-in', { page: 'accountSignIn' }],
    ['/account/sign-in/abc_DEF-123', { page: 'accountSignInLink', slug: 'abc_DEF-123' }],
    ['/account/orders/12/receipt', { page: 'accountReceipt', slug: '12' }],
    ['/account/nope', undefined], // public (its 404 page), not the admin's login screen
  ])('%s', (path, expected) => {
    expect(matchWebRoute(path)).toEqual(expected);
  });

  it('keeps the routing rule of docs/product-spec.md section 2', () => {
    expect(
      [
        '/',
        '/home',
        '/catalog',
        '/about',
        '/support',
        '/privacy',
        '/documentation',
        '/plugin/x',
        '/checkout/x',
        '/purchase/x',
        '/public/x',
        '/account',
        '/account/x',
      ].every(isPublicPath),
    ).toBe(true);
    expect(['/admin', '/licenses', '/catalog/', '/x'].some(isPublicPath)).toBe(false);
  });
});
