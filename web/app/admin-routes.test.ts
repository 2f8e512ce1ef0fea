import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_PATHS, matchWebRoute } from '@common/web-routes';
import { ADMIN_NAV } from './admin-nav';

// The server answers 404 for a path common/web-routes.ts does not list: an admin page added to the sidebar or
// the admin router without it would load with a 404 status (and be missing from robots.txt).
describe('admin pages known to the server', () => {
  const routedPaths = [...fs.readFileSync(new URL('./admin-app.tsx', import.meta.url), 'utf8').matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);

  it('lists every path the admin router renders', () => {
    expect(routedPaths.length).toBeGreaterThan(0);
    expect([...routedPaths].sort()).toEqual([...ADMIN_PAGE_PATHS].sort());
  });

  it.each(ADMIN_NAV.map((entry) => [entry.title, entry.path]))('knows the sidebar entry %s (%s)', (_title, path) => {
    expect(matchWebRoute(path)).toEqual({ page: 'admin' });
  });
});
