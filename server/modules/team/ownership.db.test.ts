import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, testDialect, type TestApp } from '../../test/test-app.js';
import { addMember, memberHeaders, TEST_MEMBER_PASSWORD } from '../../test/team.js';

describe(`ownership transfer (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  let requests = 0;
  const post = (app: TestApp, url: string, payload: object) =>
    app.app.inject({ method: 'POST', url, payload, remoteAddress: `10.73.${(++requests >> 8) & 255}.${requests & 255}` });
  const me = async (app: TestApp, headers: Record<string, string>) =>
    (await app.app.inject({ method: 'GET', url: '/api/admin/me', headers })).json<{ role: string; email: string | null }>();
  const transfer = async (app: TestApp, payload: object, headers?: Record<string, string>) =>
    app.app.inject({ method: 'POST', url: '/api/admin/team/ownership', headers: headers ?? (await app.adminHeaders()), payload });

  it('the owner hands ownership to an admin: the admin is the owner, the former owner an admin, both still signed in', async () => {
    const heir = await addMember(t, 'heir@example.com', 'admin');
    const dev = await addMember(t, 'dev@example.com', 'developer');
    const heirSession = await memberHeaders(t, 'heir@example.com');
    const ownerSession = await t.adminHeaders();

    // ADMIN_PASSWORD would hand the owner account back at the next start: refused while it is set.
    const fixed = await transfer(t, { member_id: heir, password: TEST_ADMIN_PASSWORD, email: 'former@example.com' });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json<{ message: string }>().message).toContain('ADMIN_PASSWORD');
    t.ctx.config.ADMIN_PASSWORD = undefined;

    const wrongPassword = await transfer(t, { member_id: heir, password: 'not the password', email: 'former@example.com' });
    expect(wrongPassword.statusCode).toBe(400);
    const notAdmin = await transfer(t, { member_id: dev, password: TEST_ADMIN_PASSWORD, email: 'former@example.com' });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json<{ message: string }>().message).toContain('make them an admin first');
    const taken = await transfer(t, { member_id: heir, password: TEST_ADMIN_PASSWORD, email: 'dev@example.com' });
    expect(taken.statusCode).toBe(409);
    // An admin cannot hand over what is not theirs.
    const byHeir = await transfer(t, { member_id: heir, password: TEST_MEMBER_PASSWORD, email: 'x@example.com' }, heirSession);
    expect(byHeir.statusCode).toBe(403);
    // Nothing changed by the refusals.
    expect(await me(t, heirSession)).toMatchObject({ role: 'admin' });

    const apiToken = (await t.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: ownerSession })).json<{ token: string }>().token;
    const withToken = () => t.app.inject({ method: 'GET', url: '/api/admin/team', headers: { authorization: `Bearer ${apiToken}` } });
    expect((await withToken()).statusCode).toBe(200);

    // One passkey each (rows as registration leaves them): they follow their people.
    const passkey = (member_id: number | null, credential_id: string) =>
      t.db
        .insertInto('member_passkeys')
        .values({ member_id, credential_id, public_key: 'pk', counter: 0, transports: '[]', name: credential_id, created_at: new Date().toISOString() })
        .execute();
    await passkey(null, 'owners-key');
    await passkey(heir, 'heirs-key');

    const done = await transfer(t, { member_id: heir, password: TEST_ADMIN_PASSWORD, email: 'former@example.com' }, ownerSession);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, owner: 'heir@example.com', your_email: 'former@example.com' });

    const formerId = (await t.db.selectFrom('team_members').select('id').where('email', '=', 'former@example.com').executeTakeFirstOrThrow()).id;
    const keys = await t.db.selectFrom('member_passkeys').select(['credential_id', 'member_id']).orderBy('credential_id').execute();
    expect(keys).toEqual([
      { credential_id: 'heirs-key', member_id: null },
      { credential_id: 'owners-key', member_id: formerId },
    ]);
    // The owner's API token was the former owner's: it stops working.
    expect((await withToken()).statusCode).toBe(401);
    // Both sessions go on, each in its new role.
    expect(await me(t, heirSession)).toMatchObject({ role: 'owner', email: null });
    expect(await me(t, ownerSession)).toMatchObject({ role: 'admin', email: 'former@example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: ownerSession })).statusCode).toBe(403);
    // The owner login takes the new owner's password; the former owner signs in as staff with theirs.
    expect((await post(t, '/api/auth/login', { password: TEST_ADMIN_PASSWORD })).statusCode).toBe(401);
    // (The heir's passkey is the owner's now, so after the password the owner login asks for it.)
    const ownerLogin = await post(t, '/api/auth/login', { password: TEST_MEMBER_PASSWORD });
    expect(ownerLogin.json()).toMatchObject({ success: false, second_factor: 'passkey' });
    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: heirSession })).json<{
      members: Array<{ email: string; role: string }>;
    }>();
    expect(team.members.map((m) => `${m.email} ${m.role}`).sort()).toEqual(['dev@example.com developer', 'former@example.com admin']);
    const staff = await post(t, '/api/auth/staff-login', { email: 'former@example.com', password: TEST_ADMIN_PASSWORD });
    // Their own passkey followed them: staff sign-in asks for it after their password.
    expect(staff.json()).toMatchObject({ success: false, second_factor: 'passkey' });
    // The audit log names the transfer with the password masked.
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['request', 'status'])
      .where('route', '=', '/api/admin/team/ownership')
      .where('status', '=', 200)
      .executeTakeFirstOrThrow();
    expect(entry.request).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it('two transfers racing from one owner: exactly one happens', async () => {
    const race = await createTestApp();
    try {
      race.ctx.config.ADMIN_PASSWORD = undefined;
      const a = await addMember(race, 'a@example.com', 'admin', 'password of a 123');
      const b = await addMember(race, 'b@example.com', 'admin', 'password of b 123');
      const headers = await race.adminHeaders();
      const answers = await Promise.all(
        [
          { member_id: a, email: 'old-1@example.com' },
          { member_id: b, email: 'old-2@example.com' },
        ].map((body) => race.app.inject({ method: 'POST', url: '/api/admin/team/ownership', headers, payload: { ...body, password: TEST_ADMIN_PASSWORD } })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]?.statusCode === 200 ? 'a' : 'b';
      const members = await race.db.selectFrom('team_members').select(['email', 'role']).orderBy('email').execute();
      // One admin became the owner (no row), the other is still an admin; the former owner has one row.
      expect(members).toEqual([
        { email: winner === 'a' ? 'b@example.com' : 'a@example.com', role: 'admin' },
        { email: winner === 'a' ? 'old-1@example.com' : 'old-2@example.com', role: 'admin' },
      ]);
      const ownerLogin = (password: string) => post(race, '/api/auth/login', { password }).then((answer) => answer.statusCode);
      expect([await ownerLogin('password of a 123'), await ownerLogin('password of b 123')]).toEqual(winner === 'a' ? [200, 401] : [401, 200]);
    } finally {
      await race.close();
    }
  });
});
