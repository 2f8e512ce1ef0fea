// Every page of the web app, from the route list in common/web-routes.ts: a page added there is checked for
// overflow (e2e/mobile.spec.ts) and accessibility (e2e/a11y.spec.ts) without touching these specs.
import { ADMIN_PAGE_PATHS, PUBLIC_ROUTES } from '../common/web-routes.js';

/** A real slug for route patterns with `:slug` (the demo catalogue's licensing plugin, server/db/seed.ts). */
const SAMPLE_SLUG = 'ucre';

/** Example values for route parameters other than :slug; a pattern with a parameter not listed here is skipped. */
const SAMPLE_PARAMS: Record<string, string> = { slug: SAMPLE_SLUG };

function examplePath(pattern: string): string | undefined {
  let missing = false;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = SAMPLE_PARAMS[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : path;
}

const QUERY: Record<string, string> = { '/purchase/success': `?plugin=${SAMPLE_SLUG}` };

export interface PageToCheck {
  path: string;
  admin: boolean;
}

export const PUBLIC_PAGES: PageToCheck[] = Object.keys(PUBLIC_ROUTES)
  .filter((pattern) => pattern !== '/home')
  .flatMap((pattern) => {
    const path = examplePath(pattern);
    return path === undefined ? [] : [{ path: path + (QUERY[pattern] ?? ''), admin: false }];
  });

export const ADMIN_PAGES: PageToCheck[] = ADMIN_PAGE_PATHS.filter((pattern) => pattern !== '/admin').flatMap((pattern) => {
  const path = examplePath(pattern);
  return path === undefined ? [] : [{ path, admin: true }];
});

/**
 * The login screen and the 404 page are pages too; and the demo postcode plugin's page, whose release gives it every
 * tab (Changelog included: four tabs once measured 408 px at 360), where the sample slug's page has fewer.
 */
export const OTHER_PAGES: PageToCheck[] = [
  { path: '/admin', admin: false },
  { path: '/purchase/nothing-here', admin: false },
  { path: '/plugin/postcode-delivery-zones', admin: false },
];

export const ALL_PAGES = [...PUBLIC_PAGES, ...OTHER_PAGES, ...ADMIN_PAGES];
