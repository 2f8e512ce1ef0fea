import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, metaDescription, pageIdentity, pageTitle } from './page-meta.js';

describe('page meta', () => {
  it('titles pages as the spec says: page name then product name, else the dashboard default', () => {
    expect(pageTitle('Catalog')).toBe('Catalog - Licensing');
    expect(pageTitle(undefined)).toBe('Licensing Admin Dashboard');
    // The storefront's pages carry the store's name (docs/storefront.md, "Store identity").
    expect(pageTitle('Catalog', 'Acme Widgets')).toBe('Catalog - Acme Widgets');
    expect(pageTitle(undefined, 'Acme Widgets')).toBe('Acme Widgets');
  });

  it('collapses whitespace, falls back to the default when blank and cuts very long text at a word', () => {
    expect(metaDescription('  Two\n\nlines  ')).toBe('Two lines');
    expect(metaDescription('   ')).toBe(DEFAULT_DESCRIPTION);
    expect(metaDescription(null)).toBe(DEFAULT_DESCRIPTION);
    const long = metaDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('gives storefront pages a canonical path and keeps every other page out of the index', () => {
    expect(pageIdentity('/')).toEqual({ canonicalPath: '/', indexable: true });
    expect(pageIdentity('/home')).toEqual({ canonicalPath: '/', indexable: true });
    expect(pageIdentity('/catalog')).toEqual({ canonicalPath: '/catalog', indexable: true });
    expect(pageIdentity('/plugin/Some-Plugin/')).toEqual({ canonicalPath: '/plugin/some-plugin', indexable: true });
    for (const path of ['/checkout/x', '/purchase/success', '/licenses', '/nope', '/account'])
      expect(pageIdentity(path)).toEqual({ canonicalPath: null, indexable: false });
  });
});
