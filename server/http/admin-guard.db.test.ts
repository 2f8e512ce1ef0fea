import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.js';
import { isAdminPath } from './admin-guard.js';

// Walks Fastify's route table, so every admin route registered now or later is covered.
describe(`every admin route refuses strangers (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

  it('finds the admin routes', () => {
    const adminRoutes = t.routes.filter((route) => isAdminPath(route.url));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(4);
  });

  it('answers 401 without a session, with a wrong token and with a forged cookie', async () => {
    const adminRoutes = t.routes.filter((route) => isAdminPath(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS');
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const attempts = [
        await t.app.inject({ method, url }),
        await t.app.inject({ method, url, headers: { authorization: 'Bearer wrong-token' } }),
        await t.app.inject({ method, url, headers: { cookie: 'pls_session=forged', 'x-requested-with': 'XMLHttpRequest' } }),
      ];
      for (const response of attempts) {
        if (response.statusCode !== 401) failures.push(`${route.method} ${url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
