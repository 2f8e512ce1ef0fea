import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startTwoInstances, closeBoth } from '../../test/admin-app.js';
import { addMember, inviteTokenFor, memberHeaders, TEST_MEMBER_PASSWORD } from '../../test/team.js';
import { sha256Hex } from '../../lib/crypto.js';

describe(`staff accounts (${testDialect()})`, () => {
  // `second`: another instance on the same database.
  let t: TestApp, second: TestApp;
  beforeAll(async () => ({ t, second } = await startTwoInstances()));
  afterAll(async () => closeBoth({ t, second }));

  const invite = async (payload: { email: string; role: string }) =>
    t.app.inject({ method: 'POST', url: '/api/admin/team/invitations', headers: await t.adminHeaders(), payload });
  const staffLogin = (email: string, password: string, ip = '10.42.1.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/staff-login', payload: { email, password }, remoteAddress: ip });

  it('invites by e-mail through the outbox; the link sets a password once; the member signs in with e-mail and password', async () => {
    const invited = await invite({ email: ' Ada@Example.com ', role: 'support' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'ada@example.com', role: 'support', status: 'invited', two_factor: false });
    const email = await t.db.selectFrom('emails').selectAll().where('to_address', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(email.kind).toBe('staff_invite');
    expect(email.text).toContain('http://localhost/team/accept?token=');
    const token = await inviteTokenFor(t, 'ada@example.com');
    // Only the token's hash is stored.
    const stored = await t.db
      .selectFrom('team_members')
      .select(['invite_token_hash', 'password_hash'])
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.invite_token_hash).toBe(sha256Hex(token));
    expect(stored.password_hash).toBeNull();

    // Not yet accepted: no sign-in.
    expect((await staffLogin('ada@example.com', TEST_MEMBER_PASSWORD)).statusCode).toBe(401);
    const short = await t.app.inject({ method: 'POST', url: '/api/team/accept', payload: { token, password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toContain('at least 10 characters');
    const accepted = await t.app.inject({ method: 'POST', url: '/api/team/accept', payload: { token, password: TEST_MEMBER_PASSWORD } });
    expect(accepted.json()).toEqual({ success: true, email: 'ada@example.com' });
    const again = await t.app.inject({ method: 'POST', url: '/api/team/accept', payload: { token, password: 'another password 1' } });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toContain('not valid any more');
    const hash = await t.db.selectFrom('team_members').select('password_hash').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^scrypt\$/);

    const wrong = await staffLogin('ada@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid e-mail address or password' });
    expect((await staffLogin('nobody@example.com', TEST_MEMBER_PASSWORD)).json()).toEqual(wrong.json());
    const ok = await staffLogin('ADA@example.com', TEST_MEMBER_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: 'Login successful' });
    expect(ok.cookies.find((c) => c.name === 'pls_session')?.httpOnly).toBe(true);
  });

  it('refuses an expired invitation and an address that is already a member', async () => {
    await addMember(t, 'grace@example.com', 'developer');
    const duplicate = await invite({ email: 'grace@example.com', role: 'admin' });
    expect(duplicate.statusCode).toBe(409);
    await invite({ email: 'late@example.com', role: 'admin' });
    const token = await inviteTokenFor(t, 'late@example.com');
    await t.db.updateTable('team_members').set({ invite_expires_at: '2000-01-01T00:00:00.000Z' }).where('email', '=', 'late@example.com').execute();
    expect((await t.app.inject({ method: 'POST', url: '/api/team/accept', payload: { token, password: TEST_MEMBER_PASSWORD } })).statusCode).toBe(400);
    const bad = await invite({ email: 'x@example.com', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Role must be one of');
  });

  it('a role change applies to the next request; removal ends every session at once, on every instance', async () => {
    const id = await addMember(t, 'linus@example.com', 'support');
    const headers = await memberHeaders(t, 'linus@example.com');
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/releases', headers })).statusCode).toBe(403);
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/admin/team/${id}`, headers: await t.adminHeaders(), payload: { role: 'developer' } });
    expect(changed.json()).toMatchObject({ role: 'developer' });
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/releases', headers })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).statusCode).toBe(403);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/team/${id}`, headers: await t.adminHeaders() });
    expect(removed.statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/releases', headers })).statusCode).toBe(401);
    expect((await staffLogin('linus@example.com', TEST_MEMBER_PASSWORD)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/team/${id}`, headers: await t.adminHeaders() })).statusCode).toBe(404);
  });

  it('members see and end their own sessions; the owner sees and ends anyone’s', async () => {
    await addMember(t, 'mary@example.com', 'accountant');
    const first = await memberHeaders(t, 'mary@example.com', TEST_MEMBER_PASSWORD, '10.42.2.1');
    const other = await memberHeaders(t, 'mary@example.com', TEST_MEMBER_PASSWORD, '10.42.2.2');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: first });
    const sessions = list.json<{ sessions: Array<{ id: number; who: string; ip: string; current: boolean }> }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.who === 'mary@example.com')).toBe(true);
    expect(sessions.find((session) => session.current)?.ip).toBe('10.42.2.1');
    const theOther = sessions.find((session) => !session.current);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${theOther?.id}`, headers: first })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: other })).statusCode).toBe(401);

    // Not another person's session: the owner's is not found among hers.
    await t.adminHeaders();
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: await t.adminHeaders() })).json<{
      sessions: Array<{ id: number; who: string }>;
    }>().sessions;
    const ownerSession = all.find((session) => session.who === 'Owner');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${ownerSession?.id}`, headers: first })).statusCode).toBe(404);
    const hers = all.find((session) => session.who === 'mary@example.com');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${hers?.id}`, headers: await t.adminHeaders() })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: first })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per account, whatever the address', async () => {
    await addMember(t, 'target@example.com', 'support');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await staffLogin('target@example.com', 'wrong password', `10.43.0.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another account from one of those addresses is not affected.
    expect((await staffLogin('mary@example.com', TEST_MEMBER_PASSWORD, '10.43.0.1')).statusCode).toBe(200);
  });
});
