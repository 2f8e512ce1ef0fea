import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../kernel/context.js';
import { loadConfig } from '../config.js';
import { createDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoCatalog } from '../db/seed.js';
import { createLicense } from '../modules/licenses/index.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.js';
import { unitContext } from '../test/units.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  answers?: Record<string, { count: number; statuses: Record<string, number>; p50Ms: number; p99Ms: number; maxMs: number }>;
}

const SLUG = 'postcode-delivery-zones';

// Issue 30: Fastify's two lines per request cost about a fifth of a validation. At the default level (info) a
// request now writes one line at most, the machine API's and health's successful answers none (a summary line
// instead), and every 4xx/5xx is logged on its own line.
describe(`request logging: one line per request at most, none for the hot path's answers (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let app: App;
  const lines: string[] = [];
  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: testDb.dataDir, ADMIN_PASSWORD: 'x'.repeat(12) });
    config.database = testDb.target.dialect === 'sqlite' ? testDb.target : { dialect: 'postgres', url: testDb.target.url };
    db = createDatabase(testDb.target);
    await migrateToLatest(db);
    await seedDemoCatalog(db);
    // The default level, as `npm start` runs it.
    expect(config.LOG_LEVEL).toBe('info');
    const built = await buildApp({ config, db, logger: { stream: { write: (line: string) => void lines.push(line) } } });
    app = built.app;
    app.get('/api/test-failure', () => {
      throw new Error('a bug');
    });
    await app.ready();
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('logs no line per successful validation or health check, one summary at close, one line per other request and per refusal', async () => {
    const license = await createLicense(unitContext(db), { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 3 });
    const site = 'https://shop.example.com';
    const activate = await app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: license.key, site_url: site, plugin_slug: SLUG },
    });
    expect(activate.statusCode).toBe(200);
    for (let i = 0; i < 20; i++) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/licenses/validate',
        payload: { license_key: license.key, site_url: site, plugin_slug: SLUG },
      });
      expect(answer.statusCode).toBe(200);
    }
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const before = parsed().length;
    expect(parsed().filter((line) => line.req)).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/plugins?probe=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/licenses/validate', payload: { site_url: site } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/test-failure' })).statusCode).toBe(500);
    const requestLines = parsed()
      .slice(before)
      .filter((line) => line.req);
    expect(requestLines.map((line) => [line.msg, line.level, line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', 30, 'GET', '/api/plugins?probe=1', 200],
      ['request completed', 40, 'POST', '/api/v1/licenses/validate', 400],
      ['request completed', 40, 'GET', '/api/no-such-route', 404],
      ['request completed', 50, 'GET', '/api/test-failure', 500],
    ]);
    expect(parsed().filter((line) => line.msg === 'incoming request')).toEqual([]);

    await app.close();
    const summaries = parsed().filter((line) => line.msg === 'answers summary');
    expect(summaries).toHaveLength(1);
    const answers = summaries[0]?.answers ?? {};
    expect(Object.keys(answers).sort()).toEqual(['/api/health', '/api/v1/licenses/activate', '/api/v1/licenses/validate']);
    expect(answers['/api/v1/licenses/validate']).toMatchObject({ count: 20, statuses: { 200: 20 } });
    expect(answers['/api/health']).toMatchObject({ count: 5, statuses: { 200: 5 } });
    const validate = answers['/api/v1/licenses/validate'];
    expect(validate?.p50Ms).toBeGreaterThan(0);
    expect(validate?.p50Ms).toBeLessThanOrEqual(validate?.p99Ms ?? 0);
    expect(validate?.p99Ms).toBeLessThanOrEqual(validate?.maxMs ?? 0);
  });
});
