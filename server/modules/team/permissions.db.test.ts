import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLES, PERMISSIONS, PERMISSION_NAMES, roleAllows, type MemberRole, type Permission } from '../../../common/permissions.js';
import { isAdminPath } from '../../http/admin-guard.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { addMember, memberHeaders } from '../../test/team.js';
import { permissionTableMarkdown } from './permission-doc.js';

// Walks Fastify's route table: every admin route registered now or later declares a permission, and each role
// gets 403 outside it and no 403 inside it.
describe(`roles and permissions on every admin route (${testDialect()})`, () => {
  let t: TestApp;
  const headers = new Map<MemberRole, Record<string, string>>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of MEMBER_ROLES) {
      await addMember(t, `${role}@example.com`, role);
      headers.set(role, await memberHeaders(t, `${role}@example.com`));
    }
  });
  afterAll(async () => t.close());

  const adminRoutes = () => t.routes.filter((route) => isAdminPath(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS');
  // Ids no row has: the permission is decided before the handler, and nothing is changed or removed.
  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '2000000000').replace(/\*/g, 'x');

  it('every admin route declares a permission from the table', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(90);
    const undeclared = routes.filter((route) => !route.permission || !(route.permission in PERMISSIONS)).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('answers 403 outside the role and no 403 (nor 401) inside it, for every role', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      for (const role of MEMBER_ROLES) {
        const response = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: headers.get(role) });
        const allowed = roleAllows(role, route.permission as Permission);
        const ok = allowed ? response.statusCode !== 403 && response.statusCode !== 401 : response.statusCode === 403;
        if (!ok) failures.push(`${role} ${route.method} ${route.url} (${route.permission}) → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses with a message naming the role and the missing permission', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: headers.get('developer') });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe('Your role (Developer) does not include orders:read; ask the shop owner for access.');
  });

  it('answers each member their own role and permissions', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: headers.get('support') });
    expect(response.statusCode).toBe(200);
    const me = response.json<{ role: string; email: string; permissions: string[] }>();
    expect(me.role).toBe('support');
    expect(me.email).toBe('support@example.com');
    expect(me.permissions).toEqual(PERMISSION_NAMES.filter((name) => roleAllows('support', name)));
    expect(me.permissions).not.toContain('orders:refund');
  });

  it('docs/team.md carries the permission table as the code has it', () => {
    const doc = fs.readFileSync(new URL('../../../docs/team.md', import.meta.url), 'utf8');
    // Compared cell by cell: Prettier pads Markdown tables.
    const normalize = (text: string) =>
      text
        .split('\n')
        .map((line) =>
          line
            .trim()
            .replace(/\s*\|\s*/g, '|')
            .replace(/:-+:/g, ':-:')
            .replace(/-{2,}/g, '-'),
        )
        .join('\n');
    expect(normalize(doc)).toContain(normalize(permissionTableMarkdown()));
  });
});
