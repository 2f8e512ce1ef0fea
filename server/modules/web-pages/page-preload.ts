import fs from 'node:fs';
import path from 'node:path';
import type { PublicPage } from '../../../common/web-routes.js';

// A public page is a lazy chunk (web/app/routes.ts) that the browser would only ask for once the main bundle
// has run; with the page's chunks named in the HTML as <link rel="modulepreload">, they download alongside the
// main bundle instead of after it (one round trip less before the catalogue's cards paint: Lighthouse LCP).

/** The source module of each lazily loaded public page (web/app/routes.ts), as Vite's manifest names it. */
const PAGE_MODULES: Partial<Record<PublicPage, string>> = {
  landing: 'features/storefront/pages/landing-page.tsx',
  catalog: 'features/storefront/pages/catalog-page.tsx',
  plugin: 'features/storefront/pages/plugin-page.tsx',
  about: 'features/storefront/pages/about-page.tsx',
  support: 'features/storefront/pages/support-page.tsx',
  documentation: 'features/storefront/pages/documentation-page.tsx',
  privacy: 'features/storefront/pages/privacy-page.tsx',
  checkout: 'features/checkout/pages/checkout-page.tsx',
  purchaseSuccess: 'features/checkout/pages/purchase-success-page.tsx',
};

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Page → the URLs of its chunk and the chunks it imports, minus those the HTML already loads (the entry's). */
export type PagePreloads = Map<PublicPage, string[]>;

/** Reads the build's `.vite/manifest.json`; an empty map without one (a build without a manifest, tests). */
export function readPagePreloads(webDistDir: string): PagePreloads {
  const preloads: PagePreloads = new Map();
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return preloads;
  }
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const loadedByEntry = closure('index.html');
  for (const [page, key] of Object.entries(PAGE_MODULES) as Array<[PublicPage, string]>) {
    if (!manifest[key]) continue;
    const files = [...closure(key)].filter((chunk) => !loadedByEntry.has(chunk)).map((chunk) => `/${manifest[chunk]?.file ?? ''}`);
    preloads.set(page, files);
  }
  return preloads;
}
