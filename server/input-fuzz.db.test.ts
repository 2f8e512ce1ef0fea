import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, testDialect, type TestApp } from './test/test-app.js';
import { isAdminPath } from './http/admin-guard.js';
import { POSTCODE_PLUGIN_SLUG } from './db/seed.js';
import type { RouteInfo } from './app.js';

// Walks the route table, so a route added tomorrow is fuzzed too: every public route, and every admin route
// signed in, gets NUL bytes, very long strings, wrong types, arrays for strings, invalid JSON, wrong content
// types and broken percent-encoding in its body, query string and path. Nothing may answer 5xx.

type Zod = $ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** A plausible value for a zod schema, so one mutated field at a time gets past the others to the code behind. */
function sample(schema: unknown, name = ''): unknown {
  const def = (schema as Zod | undefined)?._zod?.def;
  if (!def) return 'fuzz';
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([key, value]) => [key, sample(value, key)]));
    case 'string':
      if (def.format === 'email' || name.includes('email')) return 'fuzz@example.com';
      if (def.format === 'url' || name.includes('url')) return 'https://example.com';
      if (name.includes('slug')) return POSTCODE_PLUGIN_SLUG;
      if (name.includes('version')) return '1.0.0';
      return 'fuzz-1';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sample(def.element, name)];
    case 'pipe':
      return sample(def.in, name);
    case 'union':
      return sample((def.options as unknown[])[0], name);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sample(def.innerType, name);
    default:
      return 'fuzz';
  }
}

const fieldNames = (schema: unknown): string[] => {
  const value = sample(schema);
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
};

const LONG = 'x'.repeat(20_000);
/** Values put in one field at a time, by the type of the value it replaces; any field also gets `ANY_FIELD`. */
function fieldMutations(base: unknown): unknown[] {
  if (typeof base === 'string') return ['a\u0000b', '%00', LONG, ' ', ['a', 'b'], 12345];
  if (typeof base === 'number') return ['1', -1, 1e308, 1.5];
  if (typeof base === 'boolean') return ['true', 2];
  if (Array.isArray(base)) return ['a', [null], [LONG, '\u0000'], Array.from({ length: 2_000 }, () => base[0])];
  return ['\u0000', []];
}
const ANY_FIELD: unknown[] = [null, { a: '\u0000' }];
/** Values for one query-string key at a time (already percent-encoded where that is the point). */
const QUERY_MUTATIONS = ['a%00b', '%00', '%E0%A4%A', '%', '%ZZ', 'x'.repeat(5_000), '1e308', '-1', '[]'];
/** Values for one path segment at a time. */
const PATH_MUTATIONS = ['a%00b', '%00', '%E0%A4%A', '%', '%ZZ', 'x'.repeat(500), '..%2F..%2Fetc%2Fpasswd', '%C0%AE%C0%AE', '-1', '0', '1e308'];

/** Whole-body variants: raw payloads with their content types. */
const RAW_BODIES: Array<{ contentType: string; payload: string }> = [
  { contentType: 'application/json', payload: '{"license_key":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"a":"\\u0000","\\u0000":1}' },
  { contentType: 'application/json', payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
  { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'license_key=a%00b&site_url=%E0%A4%A&x=%' },
  { contentType: 'text/plain', payload: 'hello\u0000' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--y--' },
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
];

/**
 * Values for a numeric id (path, query or body), each outside what an id can be: every id column is a
 * positive 32-bit integer (PostgreSQL `serial`), so the first two would fail there as a 500 if they got past
 * validation.
 */
const BAD_IDS = ['2147483648', '9999999999999', '-1', '0', '1.5'];

const CONCURRENCY = 4;

/** These end the signed-in session; they run last so every other admin route is fuzzed signed in. */
const SESSION_ENDING = ['/api/auth/logout', '/api/admin/password'];

describe(`malformed input never answers 5xx (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let requestCount = 0;
  const failures: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminHeaders();
  });
  afterAll(async () => t.close());

  /** Each request from its own address, so per-IP rate limits answer 429 to none of them. */
  async function send(route: RouteInfo, options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    requestCount += 1;
    const remoteAddress = `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
    const headers = { ...(isAdminPath(route.url) ? admin : {}), ...options.headers };
    const response = await t.app.inject({ ...options, method: route.method as 'GET', headers, remoteAddress });
    if (response.statusCode >= 500) {
      const what = typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
      failures.push(`${route.method} ${options.url.slice(0, 120)} ${(what ?? '').slice(0, 120)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    return response;
  }

  const concrete = (url: string, replace: (name: string) => string = () => '1') =>
    url.replace(/:([A-Za-z_]+)/g, (_, name: string) => replace(name)).replace(/\*/g, 'x');

  function pathVariants(route: RouteInfo): string[] {
    const names = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((match) => match[1] ?? '*');
    const base = (name: string) => (name.includes('slug') ? POSTCODE_PLUGIN_SLUG : '1');
    return names.flatMap((target) =>
      PATH_MUTATIONS.map((mutation) =>
        target === '*' ? concrete(route.url.replace('*', mutation), base) : concrete(route.url, (name) => (name === target ? mutation : base(name))),
      ),
    );
  }

  type Attempt = InjectOptions & { url: string };

  /** The malformed requests for one route: path segments, then query keys, then body fields and whole bodies. */
  function attemptsFor(route: RouteInfo): Attempt[] {
    const url = concrete(route.url, (name) => (name.includes('slug') ? POSTCODE_PLUGIN_SLUG : '1'));
    const attempts: Attempt[] = pathVariants(route).map((variant) => ({ url: variant }));
    for (const key of [...fieldNames(route.schema?.querystring), 'q']) {
      attempts.push(...QUERY_MUTATIONS.map((mutation) => ({ url: `${url}?${key}=${mutation}` })));
      attempts.push({ url: `${url}?${key}=a&${key}=b` }, { url: `${url}?${key}[]=a&${key}[x]=b` });
    }
    if (route.method === 'GET') return attempts;
    const base = sample(route.schema?.body) as Record<string, unknown>;
    for (const field of fieldNames(route.schema?.body)) {
      for (const mutation of [...fieldMutations(base[field]), ...ANY_FIELD])
        attempts.push({ url, payload: { ...base, [field]: mutation } as Record<string, unknown> });
    }
    attempts.push(...RAW_BODIES.map(({ contentType, payload }) => ({ url, payload, headers: { 'content-type': contentType } })));
    return attempts;
  }

  /** A few at a time: the database round trips overlap (PostgreSQL took 40 s one by one on a loaded machine). */
  async function fuzzRoute(route: RouteInfo): Promise<void> {
    const attempts = attemptsFor(route);
    const worker = async () => {
      for (let attempt = attempts.shift(); attempt; attempt = attempts.shift()) await send(route, attempt);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  }

  /** The numeric fields of a schema: an id is a number (z.coerce.number for path and query). */
  const numericFields = (schema: unknown): string[] =>
    Object.entries((sample(schema) as Record<string, unknown> | undefined) ?? {})
      .filter(([, value]) => typeof value === 'number')
      .map(([key]) => key);

  it('answers 4xx, never 5xx, to ids out of range in every numeric path, query and body field', { timeout: 60_000 }, async () => {
    const wrong: string[] = [];
    const covered = new Set<string>();
    const routes = t.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !SESSION_ENDING.includes(route.url));
    for (const route of routes) {
      const params = numericFields(route.schema?.params);
      const query = numericFields(route.schema?.querystring).filter((key) => /(^|_)id$/i.test(key));
      const body = route.method === 'GET' ? [] : numericFields(route.schema?.body).filter((key) => /(^|_)id$|Id$/.test(key));
      const url = concrete(route.url, (name) => (name.includes('slug') ? POSTCODE_PLUGIN_SLUG : '1'));
      const attempts: Array<Attempt & { field: string }> = [
        ...params.flatMap((param) =>
          BAD_IDS.map((id) => ({
            field: param,
            url: concrete(route.url, (name) => (name === param ? id : name.includes('slug') ? POSTCODE_PLUGIN_SLUG : '1')),
          })),
        ),
        ...query.flatMap((key) => BAD_IDS.map((id) => ({ field: key, url: `${url}?${key}=${id}` }))),
        ...body.flatMap((key) => BAD_IDS.map((id) => ({ field: key, url, payload: { ...(sample(route.schema?.body) as object), [key]: Number(id) } }))),
      ];
      if (attempts.length > 0) covered.add(`${route.method} ${route.url}`);
      for (const { field, ...attempt } of attempts) {
        const response = await send(route, attempt);
        const refused = response.statusCode >= 400 && response.statusCode < 500;
        // A 400 names the field (a 401 or 404 before validation is fine too).
        const named = response.statusCode !== 400 || (response.json() as { message: string }).message.includes(`${field} must be`);
        if (!refused || !named) wrong.push(`${route.method} ${attempt.url} → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(failures).toEqual([]);
    // The routes of the report, among the others with an id.
    expect([...covered]).toEqual(
      expect.arrayContaining([
        'POST /api/admin/releases/:id/withdraw',
        'POST /api/admin/releases/:id/restore',
        'DELETE /api/admin/releases/:id',
        'DELETE /api/admin/plugins/:slug/images/:id',
        'POST /api/admin/orders/:id/resend-email',
        'GET /api/admin/emails',
      ]),
    );
  });

  // About 2,000 requests per dialect: 10–20 s here with the load average at 15; the margin is for such loads.
  it('walks every route', { timeout: 60_000 }, async () => {
    const routes = t.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    const ordered = [...routes.filter((r) => !SESSION_ENDING.includes(r.url)), ...routes.filter((r) => SESSION_ENDING.includes(r.url))];
    expect(ordered.length).toBeGreaterThan(40);
    for (const route of ordered) await fuzzRoute(route);
    expect(failures).toEqual([]);
    expect(requestCount).toBeGreaterThan(1_000);
  });
});
