import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { changeAdminPassword } from '../../test/admin-app.js';
import { addMember, memberHeaders } from '../../test/team.js';
import { AuditService } from './audit.service.js';

interface Entry {
  id: number;
  actor: string;
  actor_kind: string;
  method: string;
  route: string;
  status: number;
  request: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe(`audit log of admin writes (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const entries = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/audit${query}`, headers: await t.adminHeaders() })).json<{ entries: Entry[]; total: number }>();
  const verify = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: await t.adminHeaders() })).json<{ valid: boolean; problem: string | null }>();

  it('records who, the route and before/after of each write, with secrets masked', async () => {
    await addMember(t, 'sup@example.com', 'support');
    const support = await memberHeaders(t, 'sup@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers: support,
      payload: { plugin_slug: 'postcode-delivery-zones', customer_email: 'buyer@example.com', max_activations: 2 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/licenses/${id}`, headers: support, payload: { max_activations: 5 } });
    expect(patched.statusCode).toBe(200);

    const patch = (await entries('?method=PATCH')).entries[0];
    expect(patch).toMatchObject({ actor: 'sup@example.com', actor_kind: 'member', route: '/api/admin/licenses/:id', status: 200 });
    expect(patch?.before?.max_activations).toBe(2);
    expect(patch?.after?.max_activations).toBe(5);
    const create = (await entries('?method=POST&q=buyer%40example.com')).entries.find((entry) => entry.route === '/api/admin/licenses');
    expect(create?.after?.customer_email).toBe('buyer@example.com');
    // The licence key keeps its prefix only.
    expect(JSON.stringify(create?.after)).not.toContain(created.json<{ key: string }>().key);

    // The owner's password change: the passwords are masked.
    await changeAdminPassword(t, await t.adminHeaders(), 'wrong one', 'a-secret-new-password');
    const password = (await entries('?q=password')).entries.find((entry) => entry.route === '/api/admin/password');
    expect(password).toMatchObject({ actor: 'Owner', status: 400 });
    expect(JSON.stringify(password)).not.toContain('a-secret-new-password');
    expect(password?.request?.new_password).toBe('••••••');

    // A refused request wrote nothing and is not an entry.
    const before = (await entries()).total;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/releases/1', headers: support })).statusCode).toBe(403);
    expect((await entries()).total).toBe(before);
  });

  it('exports CSV and verifies the chain; a removed or edited entry is detected', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/audit/export', headers: await t.adminHeaders() });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('id,at,actor_kind,actor,ip,method,route,url,status,request,before,after,prev_hash,hash');
    expect(csv.body).toContain('"/api/admin/licenses/:id"');

    expect(await verify()).toMatchObject({ valid: true, problem: null });
    const all = await t.db.selectFrom('audit_log').select(['id', 'after']).orderBy('id').execute();
    expect(all.length).toBeGreaterThanOrEqual(4);
    const middle = all[1]!;
    await t.db.updateTable('audit_log').set({ after: '{"max_activations":99}' }).where('id', '=', middle.id).execute();
    expect(await verify()).toMatchObject({ valid: false, problem: `Entry ${middle.id} was edited` });
    await t.db.deleteFrom('audit_log').where('id', '=', middle.id).execute();
    expect(await verify()).toMatchObject({ valid: false, problem: `An entry before ${all[2]!.id} was removed or changed` });
  });

  it('detects a removed last entry', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.app.inject({ method: 'PUT', url: '/api/admin/audit/retention', headers: await fresh.adminHeaders(), payload: { retention_days: 30 } });
      await fresh.app.inject({ method: 'PUT', url: '/api/admin/audit/retention', headers: await fresh.adminHeaders(), payload: { retention_days: 40 } });
      const service = new AuditService(fresh.ctx);
      expect(await service.verify()).toMatchObject({ valid: true, checked: 2 });
      const last = await fresh.db.selectFrom('audit_log').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
      await fresh.db.deleteFrom('audit_log').where('id', '=', last.id).execute();
      expect(await service.verify()).toMatchObject({ valid: false, problem: `The last entry (${last.id}) was removed` });
    } finally {
      await fresh.close();
    }
  });

  it('chains correctly under concurrent writes, and retention drops old entries without breaking the chain', async () => {
    const fresh = await createTestApp();
    try {
      const headers = await fresh.adminHeaders();
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          fresh.app.inject({ method: 'PUT', url: '/api/admin/audit/retention', headers, payload: { retention_days: 100 + i } }),
        ),
      );
      const service = new AuditService(fresh.ctx);
      expect(await service.verify()).toMatchObject({ valid: true, checked: 12 });
      // Entries older than the retention go with the next write; the chain starts from the last one removed.
      await fresh.db.updateTable('audit_log').set({ at: '2001-01-01T00:00:00.000Z' }).where('id', '<=', 6).execute();
      await fresh.app.inject({ method: 'PUT', url: '/api/admin/audit/retention', headers, payload: { retention_days: 1 } });
      const left = await fresh.db.selectFrom('audit_log').select('id').execute();
      expect(left.every((row) => row.id > 6)).toBe(true);
      // Edited `at` made entries 1-6 invalid, but they are gone; the rest verifies.
      expect(await service.verify()).toMatchObject({ valid: true, checked: 7 });
    } finally {
      await fresh.close();
    }
  });
});
