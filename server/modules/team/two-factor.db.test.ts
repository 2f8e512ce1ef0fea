import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { addMember, memberHeaders, TEST_MEMBER_PASSWORD } from '../../test/team.js';
import { sealPlainTotpSecrets } from './totp-secrets.js';

const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

describe(`two-factor sign-in (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, ip = '10.44.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('a member turns on TOTP; sign-in then needs a code, and a recovery code works once', async () => {
    await addMember(t, 'totp@example.com', 'developer');
    const headers = await memberHeaders(t, 'totp@example.com');
    const setup = await t.app.inject({ method: 'POST', url: '/api/admin/me/totp', headers });
    const { secret, uri } = setup.json<{ secret: string; uri: string }>();
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*totp%40example\.com\?.*secret=/);
    const wrongCode = await t.app.inject({ method: 'POST', url: '/api/admin/me/totp/confirm', headers, payload: { code: '000000' } });
    expect(wrongCode.statusCode).toBe(400);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/admin/me/totp/confirm', headers, payload: { code: codeFor(secret) } });
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    const stored = await t.db.selectFrom('member_recovery_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);

    // The password alone no longer signs in: it answers a challenge.
    const first = await post('/api/auth/staff-login', { email: 'totp@example.com', password: TEST_MEMBER_PASSWORD });
    expect(first.statusCode).toBe(200);
    const step = first.json<{ success: boolean; challenge: string; second_factor: string }>();
    expect(step).toMatchObject({ success: false, second_factor: 'totp' });
    expect(first.cookies).toHaveLength(0);
    const bad = await post('/api/auth/staff-login/second-factor', { challenge: step.challenge, code: '123456' });
    expect(bad.statusCode).toBe(401);
    // A challenge is used once, right or wrong.
    expect((await post('/api/auth/staff-login/second-factor', { challenge: step.challenge, code: codeFor(secret) })).statusCode).toBe(401);

    const signIn = async (code: string) => {
      const challenge = (await post('/api/auth/staff-login', { email: 'totp@example.com', password: TEST_MEMBER_PASSWORD })).json<{ challenge: string }>()
        .challenge;
      return post('/api/auth/staff-login/second-factor', { challenge, code });
    };
    const code = codeFor(secret);
    const withTotp = await signIn(code);
    expect(withTotp.statusCode).toBe(200);
    expect(withTotp.cookies.find((c) => c.name === 'pls_session')).toBeDefined();
    // A code signs in once (a replayed code, e.g. seen over a shoulder, fails).
    expect((await signIn(code)).statusCode).toBe(401);

    const withRecovery = await signIn(codes[3] ?? '');
    expect(withRecovery.statusCode).toBe(200);
    const reused = await signIn(codes[3] ?? '');
    expect(reused.statusCode).toBe(401);
    expect(reused.json<{ message: string }>().message).toContain('each recovery code works once');
  });

  it('the TOTP secret is sealed at rest; a secret stored in plain before sealing still signs in, and is sealed then', async () => {
    const id = await addMember(t, 'sealed@example.com', 'support');
    const headers = await memberHeaders(t, 'sealed@example.com', TEST_MEMBER_PASSWORD, '10.44.0.7');
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/admin/me/totp', headers })).json<{ secret: string }>();
    const stored = async () => (await t.db.selectFrom('team_members').select('totp_secret').where('id', '=', id).executeTakeFirstOrThrow()).totp_secret ?? '';
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(secret);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/admin/me/totp/confirm', headers, payload: { code: codeFor(secret) } });
    expect(confirmed.statusCode).toBe(200);
    expect(await stored()).not.toContain(secret);

    // A row written before sealing holds the plain secret: it still signs in, and is sealed on that use.
    await t.db.updateTable('team_members').set({ totp_secret: secret }).where('id', '=', id).execute();
    const step = (await post('/api/auth/staff-login', { email: 'sealed@example.com', password: TEST_MEMBER_PASSWORD }, '10.44.0.8')).json<{
      challenge: string;
    }>();
    const signedIn = await post('/api/auth/staff-login/second-factor', { challenge: step.challenge, code: codeFor(secret) }, '10.44.0.8');
    expect(signedIn.statusCode).toBe(200);
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(secret);

    // A plain row no one uses is sealed when a server starts; the code still signs in after.
    await t.db.updateTable('team_members').set({ totp_secret: secret, totp_last_step: null }).where('id', '=', id).execute();
    expect(await sealPlainTotpSecrets(t.ctx)).toBe(1);
    expect(await sealPlainTotpSecrets(t.ctx)).toBe(0);
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(secret);
    const again = (await post('/api/auth/staff-login', { email: 'sealed@example.com', password: TEST_MEMBER_PASSWORD }, '10.44.0.9')).json<{
      challenge: string;
    }>();
    expect((await post('/api/auth/staff-login/second-factor', { challenge: again.challenge, code: codeFor(secret) }, '10.44.0.9')).statusCode).toBe(200);
  });

  it('when the owner requires two factors, a member without one enrols during sign-in', async () => {
    await addMember(t, 'new@example.com', 'support');
    const policy = await t.app.inject({ method: 'PUT', url: '/api/admin/team/policy', headers: await t.adminHeaders(), payload: { require_two_factor: true } });
    expect(policy.json()).toEqual({ require_two_factor: true });
    const first = (await post('/api/auth/staff-login', { email: 'new@example.com', password: TEST_MEMBER_PASSWORD }, '10.44.0.2')).json<{
      challenge: string;
      second_factor: string;
    }>();
    expect(first.second_factor).toBe('enrol');
    const enrol = await post('/api/auth/staff-login/enrol', { challenge: first.challenge }, '10.44.0.2');
    const { secret } = enrol.json<{ secret: string }>();
    const done = await post('/api/auth/staff-login/second-factor', { challenge: first.challenge, code: codeFor(secret) }, '10.44.0.2');
    expect(done.statusCode).toBe(200);
    expect(done.json<{ recovery_codes: string[] }>().recovery_codes).toHaveLength(10);
    const cookie = done.cookies.find((c) => c.name === 'pls_session');
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: `pls_session=${cookie?.value}` } });
    expect(me.json()).toMatchObject({ role: 'support', two_factor: true });
    // Turning it off is refused while it is required.
    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/me/totp',
      headers: { cookie: `pls_session=${cookie?.value}`, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(off.statusCode).toBe(400);
    // The owner's login stays the specification's: password only.
    expect((await post('/api/auth/login', { password: 'correct horse battery staple' }, '10.44.0.3')).json()).toMatchObject({
      success: true,
      message: 'Login successful',
    });
  });
});
