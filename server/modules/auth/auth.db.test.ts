import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/test-app.js';
import { changeAdminPassword } from '../../test/admin-app.js';
import { SESSION_COOKIE } from '../../http/admin-guard.js';
import { sha256Hex } from '../../lib/crypto.js';
import { SettingsService } from '../settings/index.js';
import { AuthService } from './auth.service.js';

describe(`admin authentication (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const login = (payload: unknown, ip = '10.0.0.1') => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });

  it('signs in with the right password: HttpOnly SameSite=Strict cookie, 24 h expiry, no token in the body', async () => {
    const response = await login({ password: TEST_ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: boolean; expiresAt: string; message: string; token?: string }>();
    expect(body.success).toBe(true);
    expect(body.token).toBeUndefined();
    const hours = (new Date(body.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
    // Only the hash is stored.
    const stored = await t.db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(sha256Hex(cookie?.value ?? ''));
    expect(stored.map((row) => row.token_hash)).not.toContain(cookie?.value);

    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', cookies: { [SESSION_COOKIE]: cookie?.value ?? '' } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, expiresAt: body.expiresAt });
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const response = await login({ password: 'not the password' }, '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Invalid password' });
    expect(response.cookies).toHaveLength(0);
  });

  it.each([[''], ['   '], [undefined], [42]])('refuses the password %j with 400', async (password) => {
    const response = await login(password === undefined ? {} : { password }, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('password');
  });

  it('treats an expired session as signed out', async () => {
    const fresh = await login({ password: TEST_ADMIN_PASSWORD }, '10.0.0.5');
    const token = fresh.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const cookie = `${SESSION_COOKIE}=${token}`;
    await t.db
      .updateTable('admin_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256Hex(token))
      .execute();
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify', headers: { cookie } });
    expect(verify.statusCode).toBe(401);
    const admin = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(admin.statusCode).toBe(401);
  });

  it('logs out: the session stops working', async () => {
    const response = await login({ password: TEST_ADMIN_PASSWORD }, '10.0.0.4');
    const value = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const cookie = `${SESSION_COOKIE}=${value}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).statusCode).toBe(401);
  });

  it('rate limits login attempts per IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login({ password: 'wrong' }, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    const limited = await login({ password: TEST_ADMIN_PASSWORD }, '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<{ message: string }>().message).toMatch(/Too many requests/);
    // Another IP is not affected.
    expect((await login({ password: TEST_ADMIN_PASSWORD }, '10.9.9.10')).statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated mutation without X-Requested-With (cross-site form guard)', async () => {
    const cookie = await t.login();
    const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { rate_limit_per_minute: 61 } });
    expect(response.statusCode).toBe(403);
    const allowed = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { rate_limit_per_minute: 61 } });
    expect(allowed.statusCode).toBe(200);
  });

  it('changes the admin password and signs every session out', async () => {
    const headers = await t.adminHeaders();
    const wrong = await changeAdminPassword(t, headers, 'nope', 'a-new-password-123');
    expect(wrong.statusCode).toBe(400);
    const changed = await changeAdminPassword(t, headers, TEST_ADMIN_PASSWORD, 'a-new-password-123');
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).statusCode).toBe(401);
    expect((await login({ password: 'a-new-password-123' }, '10.0.0.7')).statusCode).toBe(200);
  });
});

// `npm run admin:password` and other instances write the database, not this process's settings cache.
describe(`credentials changed by another process (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** What server/cli/admin-password.ts does: its own settings and auth services on the same database. */
  const otherProcess = async () => {
    const settings = new SettingsService(t.db, t.config);
    await settings.load();
    return new AuthService(t.db, settings);
  };
  const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password }, remoteAddress: '10.0.1.1' });

  it('a password set elsewhere works at once and the old one stops working', async () => {
    const session = await t.adminHeaders();
    await (await otherProcess()).setPassword('changed-from-the-cli-42');
    expect((await login(TEST_ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await login('changed-from-the-cli-42')).statusCode).toBe(200);
    // Sessions of the old password are signed out too.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: session })).statusCode).toBe(401);
  });

  it('an API token rotated elsewhere replaces the old one at once', async () => {
    const first = await (await otherProcess()).rotateApiToken();
    const call = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: `Bearer ${token}` } });
    expect((await call(first.token)).statusCode).toBe(200);
    const second = await (await otherProcess()).rotateApiToken();
    expect((await call(first.token)).statusCode).toBe(401);
    expect((await call(second.token)).statusCode).toBe(200);
  });
});
