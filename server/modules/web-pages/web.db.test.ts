import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_PATHS } from '../../../common/web-routes.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';

describe(`serving the built web app (${testDialect()})`, () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-web-'));
  const favicon = fs.readFileSync(new URL('../../../web/public/favicon.ico', import.meta.url));
  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
    fs.writeFileSync(path.join(webDir, 'favicon.ico'), favicon);
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const expectPageHeaders = (response: LightMyRequestResponse) => {
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.body).toContain('id="root"');
  };

  it.each([
    ...['/', '/home', '/catalog', '/catalog?category=shipping', '/about', '/support', '/privacy', '/documentation'].map((url) => [url, 200]),
    ...[
      '/plugin/postcode-delivery-zones',
      '/plugin/ucre/',
      '/plugin/%75cre',
      '/checkout/postcode-delivery-zones',
      '/checkout/ucre',
      '/purchase/success?plugin=ucre',
    ].map((url) => [url, 200]),
    ...[
      '/admin',
      '/dashboard',
      '/licenses',
      '/licenses/',
      '/Releases',
      '/plugin-settings',
      '/settings',
      '/postcode-testing',
      '/ecommerce-testing',
      '/orders',
    ].map((url) => [url, 200]),
    ...['/plugin/nope', '/checkout/nope', '/plugin/', '/plugin/ucre/extra', '/checkout/', '/purchase/', '/purchase/failed', '/public/', '/public/anything'].map(
      (url) => [url, 404],
    ),
    ...['/nope', '/catalog/', '/admin/nope', '/licenses/x', '/wp-login.php'].map((url) => [url, 404]),
  ] as Array<[string, number]>)('answers %s with the web app and status %i', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expectPageHeaders(response);
  });

  it('answers 404 for the page of an inactive plugin (the page reads Plugin Not Found), 200 for its checkout', async () => {
    await t.db.updateTable('plugins').set({ active: 0 }).where('slug', '=', 'ucre').execute();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/plugin/ucre' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/checkout/ucre' })).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('plugins').set({ active: 1 }).where('slug', '=', 'ucre').execute();
    }
  });

  it('answers a 404 page without validators, so a revalidation cannot turn it into an empty 304', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nope' });
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
    expect((await t.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('gives /index.html requested directly the same page headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expectPageHeaders(response);
  });

  it('answers /robots.txt: the storefront allowed, every admin page and the API disallowed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const rules = response.body.split('\n');
    expect(rules).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/']));
    for (const page of ADMIN_PAGE_PATHS) expect(rules).toContain(`Disallow: ${page}`);
    for (const page of ['/catalog', '/plugin/', '/checkout/'])
      expect(rules.some((rule) => rule.startsWith('Disallow:') && page.startsWith(rule.slice(10)))).toBe(false);
  });

  it('serves the favicon shipped in web/public as an icon', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\//);
    expect(response.rawPayload.equals(favicon)).toBe(true);
  });

  it('serves hashed assets compressed with a year-long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers malformed JSON with a 400 and a message, never a 5xx', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"password":' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
  });
});
