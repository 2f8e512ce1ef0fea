import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_CONFIRMED_ORIGIN, testDialect, type TestApp } from '../../test/test-app.js';
import { addMember, memberHeaders, TEST_MEMBER_PASSWORD } from '../../test/team.js';
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from '../../test/webauthn.js';

describe(`passkeys (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // Each request from its own address: the sign-in limits are tested elsewhere (team.db.test.ts, multi-instance).
  let requests = 0;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.72.${(++requests >> 8) & 255}.${requests & 255}` });

  /** Registers a new software passkey for the signed-in member behind `headers`. */
  async function enrol(headers: Record<string, string>, authenticator = new SoftAuthenticator(TEST_CONFIRMED_ORIGIN)) {
    const options = (await t.app.inject({ method: 'POST', url: '/api/admin/me/passkeys/options', headers })).json<{ options: CreationOptions }>().options;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/passkeys',
      headers,
      payload: { name: 'Laptop', credential: authenticator.register(options) },
    });
    return { authenticator, added, options };
  }

  const passwordStep = async (email: string) =>
    (await post('/api/auth/staff-login', { email, password: TEST_MEMBER_PASSWORD })).json<{ challenge: string; second_factor: string; passkey: boolean }>();
  const signInOptions = async (challenge?: string) =>
    (await post('/api/auth/staff-login/passkey/options', challenge ? { challenge } : {})).json<{ options: RequestOptions }>().options;

  it('a member adds a passkey; sign-in then asks for it after the password, and it signs in', async () => {
    await addMember(t, 'pk@example.com', 'developer');
    const headers = await memberHeaders(t, 'pk@example.com');
    const { authenticator, added, options } = await enrol(headers);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', last_used_at: null });
    expect(options).toMatchObject({ rp: { id: 'localhost' } });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/me/passkeys', headers });
    expect(list.json<{ passkeys: unknown[] }>().passkeys).toHaveLength(1);
    // The audit log records the ceremony without its challenge.
    const entries = await t.db.selectFrom('audit_log').select(['route', 'request', 'after']).where('route', 'like', '/api/admin/me/passkeys%').execute();
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(entries)).not.toContain(options.challenge);

    // The owner's team list counts a passkey as a second factor.
    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: await t.adminHeaders() })).json<{
      members: Array<{ email: string; two_factor: boolean }>;
    }>();
    expect(team.members.find((m) => m.email === 'pk@example.com')?.two_factor).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers })).json()).toMatchObject({ two_factor: true });

    const step = await passwordStep('pk@example.com');
    expect(step).toMatchObject({ second_factor: 'passkey', passkey: true });
    const request = await signInOptions(step.challenge);
    const signedIn = await post('/api/auth/staff-login/passkey', { challenge: step.challenge, credential: authenticator.assert(request) });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'pls_session');
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: `pls_session=${cookie?.value}` } });
    expect(me.json()).toMatchObject({ email: 'pk@example.com', role: 'developer' });
    const stored = await t.db.selectFrom('member_passkeys').select(['counter', 'last_used_at']).executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();
  });

  it('a passkey signs in alone (passwordless); a replayed, foreign or wrong-challenge assertion fails', async () => {
    await addMember(t, 'solo@example.com', 'support');
    const headers = await memberHeaders(t, 'solo@example.com');
    const { authenticator } = await enrol(headers);
    const options = await signInOptions();
    const assertion = authenticator.assert(options);
    const first = await post('/api/auth/staff-login/passkey', { credential: assertion });
    expect(first.statusCode).toBe(200);
    expect(first.cookies.find((c) => c.name === 'pls_session')).toBeDefined();
    // The same answer again: its challenge was taken.
    const replay = await post('/api/auth/staff-login/passkey', { credential: assertion });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ message: string }>().message).toContain('expired or was already used');
    // Signed over a challenge the server never gave.
    await signInOptions();
    const forged = await post('/api/auth/staff-login/passkey', { credential: authenticator.assert(options, { challenge: 'bm90LWEtcmVhbC1jaGFsbGVuZ2U' }) });
    expect(forged.statusCode).toBe(401);
    // A real challenge, signed for another site.
    const phished = await post('/api/auth/staff-login/passkey', {
      credential: authenticator.assert(await signInOptions(), { origin: 'https://evil.example' }),
    });
    expect(phished.statusCode).toBe(401);
    // Without user verification a passkey is not two factors, so it does not stand alone.
    const unverified = new SoftAuthenticator(TEST_CONFIRMED_ORIGIN, false);
    const rejected = await enrol(headers, unverified);
    expect(rejected.added.statusCode).toBe(400);
    expect(rejected.added.json<{ message: string }>().message).toContain('The passkey was not accepted');
    // A registration answer over a challenge already used is refused too.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/me/passkeys',
      headers,
      payload: { name: 'Replay', credential: new SoftAuthenticator(TEST_CONFIRMED_ORIGIN).register(rejected.options) },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toContain('expired or was already used');
  });

  it('a cloned authenticator (its counter behind the stored one) is refused', async () => {
    await addMember(t, 'clone@example.com', 'support');
    const { authenticator } = await enrol(await memberHeaders(t, 'clone@example.com'));
    authenticator.counter = 5;
    expect((await post('/api/auth/staff-login/passkey', { credential: authenticator.assert(await signInOptions()) })).statusCode).toBe(200);
    authenticator.counter = 2;
    expect((await post('/api/auth/staff-login/passkey', { credential: authenticator.assert(await signInOptions()) })).statusCode).toBe(401);
    // The same key with its counter ahead again: accepted (the refusal above was the counter's).
    authenticator.counter = 9;
    expect((await post('/api/auth/staff-login/passkey', { credential: authenticator.assert(await signInOptions()) })).statusCode).toBe(200);
    const stored = await t.db.selectFrom('member_passkeys').select('counter').where('name', '=', 'Laptop').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(10);
  });

  it("one member's passkey is not another's second factor; a member removes their own passkey", async () => {
    await addMember(t, 'a@example.com', 'support');
    await addMember(t, 'b@example.com', 'support');
    const { authenticator } = await enrol(await memberHeaders(t, 'a@example.com'));
    const bHeaders = await memberHeaders(t, 'b@example.com');
    const bKey = await enrol(bHeaders);
    const step = await passwordStep('b@example.com');
    const options = await signInOptions(step.challenge);
    const wrong = await post('/api/auth/staff-login/passkey', { challenge: step.challenge, credential: authenticator.assert(options) });
    expect(wrong.statusCode).toBe(401);
    const id = bKey.added.json<{ id: number }>().id;
    const aHeaders = await memberHeaders(t, 'a@example.com', TEST_MEMBER_PASSWORD, '10.72.0.9').catch(() => null);
    expect(aHeaders).toBeNull(); // a has a passkey now: the password alone does not sign in
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/me/passkeys/${id}`, headers: bHeaders });
    expect(removed.statusCode).toBe(200);
    expect((await passwordStep('b@example.com')).second_factor).toBeUndefined();
  });

  it("the owner's own passkey: the owner login then asks for it after the password; without one, the password alone", async () => {
    const ownerHeaders = await t.adminHeaders();
    const { authenticator, added } = await enrol(ownerHeaders);
    expect(added.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: ownerHeaders })).json()).toMatchObject({ role: 'owner', two_factor: true });

    expect((await post('/api/auth/login', { password: 'wrong password!' })).json()).toEqual({ success: false, message: 'Invalid password' });
    const login = async () => {
      const answer = await post('/api/auth/login', { password: TEST_ADMIN_PASSWORD });
      expect(answer.cookies).toHaveLength(0);
      return answer.json<{ success: boolean; challenge: string; second_factor: string }>();
    };
    const first = await login();
    expect(first).toMatchObject({ success: false, second_factor: 'passkey' });
    // A member's passkey is not the owner's second factor.
    await addMember(t, 'not-owner@example.com', 'admin');
    const { authenticator: membersKey } = await enrol(await memberHeaders(t, 'not-owner@example.com'));
    const refused = await post('/api/auth/staff-login/passkey', {
      challenge: first.challenge,
      credential: membersKey.assert(await signInOptions(first.challenge)),
    });
    expect(refused.statusCode).toBe(401);

    const second = await login();
    const options = await signInOptions(second.challenge);
    const signedIn = await post('/api/auth/staff-login/passkey', { challenge: second.challenge, credential: authenticator.assert(options) });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'pls_session');
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: `pls_session=${cookie?.value}` } });
    expect(me.json()).toMatchObject({ role: 'owner', member_id: null });
    // The owner's passkey alone signs the owner in too.
    const alone = await post('/api/auth/staff-login/passkey', { credential: authenticator.assert(await signInOptions()) });
    expect(alone.statusCode).toBe(200);

    // Removed, the owner's login is the specification's password login again.
    const id = added.json<{ id: number }>().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/me/passkeys/${id}`, headers: ownerHeaders })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { password: TEST_ADMIN_PASSWORD })).json()).toMatchObject({ success: true, message: 'Login successful' });
  });

  it('the sign-in screen needs the shop address for passkeys; bad input is a 4xx', async () => {
    const garbage = await post('/api/auth/staff-login/passkey', { credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } });
    expect(garbage.statusCode).toBe(400);
    const badChallenge = await post('/api/auth/staff-login/passkey/options', { challenge: 'x'.repeat(40) });
    expect(badChallenge.statusCode).toBe(401);
  });
});
