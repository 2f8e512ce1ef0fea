import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_PATHS, matchWebRoute } from '@common/web-routes';
import { PERMISSION_NAMES, roleAllows, type Role } from '@common/permissions';
import { ADMIN_NAV, ADMIN_NAV_GROUPS, navGroupsFor, visibleNavGroups } from './admin-nav';

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

// docs/product-spec.md section 2: the sidebar's seven entries, in its order, under Management; every other page in a
// named group below them (issue 25: the sidebar still reads at 15 entries).
describe('admin sidebar groups', () => {
  it("keeps the specification's seven entries first, in its order, in Management", () => {
    const [first] = ADMIN_NAV_GROUPS;
    expect(first?.label).toBe('Management');
    expect(first?.entries.map((entry) => entry.title)).toEqual([
      'Dashboard',
      'Licenses',
      'Releases',
      'Plugin Settings',
      'Settings',
      'Postcode Testing',
      'E-commerce Testing',
    ]);
  });

  it('puts every other page in a named group of at most six, each page once', () => {
    for (const group of ADMIN_NAV_GROUPS.slice(1)) {
      expect(group.label).not.toBe('');
      expect(group.entries.length).toBeGreaterThan(0);
      expect(group.entries.length).toBeLessThanOrEqual(6);
    }
    expect(new Set(ADMIN_NAV.map((entry) => entry.path)).size).toBe(ADMIN_NAV.length);
  });
});

// Issue 40: the demo plugin's delivery-zone tools are listed only while that plugin is in the catalogue.
describe('demo tools in the sidebar', () => {
  const titles = (plugins: { slug: string; retired_at: string | null }[]) => visibleNavGroups(plugins).flatMap((group) => group.entries.map((e) => e.title));
  const tools = ['Postcode Testing', 'E-commerce Testing'];

  it('lists them while the demo plugin is in the catalogue', () => {
    expect(titles([{ slug: 'postcode-delivery-zones', retired_at: null }])).toEqual(expect.arrayContaining(tools));
  });

  it('leaves them out of a shop without it, or once it is retired, and keeps every other entry', () => {
    for (const plugins of [
      [],
      [{ slug: 'smart-forms-pro', retired_at: null }],
      [{ slug: 'postcode-delivery-zones', retired_at: '2026-01-01T00:00:00.000Z' }],
    ]) {
      const shown = titles(plugins);
      for (const tool of tools) expect(shown).not.toContain(tool);
      expect(shown).toHaveLength(ADMIN_NAV.length - 2);
    }
  });
});

// Issue 42: the sidebar hides what a role cannot use, from the one permission table (common/permissions.ts).
describe('admin sidebar by role', () => {
  const titlesFor = (role: Role) =>
    navGroupsFor(PERMISSION_NAMES.filter((permission) => roleAllows(role, permission))).flatMap((group) => group.entries.map((entry) => entry.title));

  it('shows the owner every entry and support only its own', () => {
    expect(titlesFor('owner')).toEqual(ADMIN_NAV.map((entry) => entry.title));
    const support = titlesFor('support');
    expect(support).toEqual(expect.arrayContaining(['Dashboard', 'Licenses', 'Orders', 'Customers', 'Reviews', 'Outbox', 'Team']));
    expect(support).not.toEqual(expect.arrayContaining(['Settings']));
    expect(support.some((title) => ['Settings', 'Releases', 'Coupons', 'Webhooks', 'Import'].includes(title))).toBe(false);
    expect(titlesFor('developer')).toEqual(expect.arrayContaining(['Releases', 'Plugins', 'WordPress client']));
    expect(titlesFor('developer')).not.toContain('Orders');
  });

  it.each(ADMIN_NAV.filter((entry) => entry.permission).map((entry) => [entry.title, entry.permission]))(
    '%s needs a permission of the table (%s)',
    (_title, permission) => {
      expect(PERMISSION_NAMES).toContain(permission);
    },
  );
});
