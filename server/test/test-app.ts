import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { createDatabase, type Database, type DatabaseTarget, type Dialect } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoCatalog } from '../db/seed.js';
import { buildApp, type RouteInfo } from '../app.js';
import type { ServiceOverrides } from '../services.js';
import type { App, AppContext } from '../kernel/context.js';
import { CONFIRMED_ORIGIN_KEY, insertSettingIfAbsent } from '../modules/settings/index.js';
import { SESSION_COOKIE } from '../http/admin-guard.js';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';

/** The dialect this test run targets: the vitest project sets TEST_DB (sqlite when unset). */
export const testDialect = (): Dialect => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');

export interface TestDatabase {
  target: DatabaseTarget;
  dataDir: string;
  /** Drops the schema (PostgreSQL) and removes the data folder. */
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-test-'));
  if (testDialect() === 'sqlite') {
    return {
      target: { dialect: 'sqlite', file: path.join(dataDir, 'test.sqlite') },
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    target: { dialect: 'postgres', url, schema, poolSize: 20 },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: App;
  ctx: AppContext;
  routes: RouteInfo[];
  db: Database;
  config: Config;
  testDb: TestDatabase;
  /** Signs in with the test password and answers the Cookie header value. */
  login(): Promise<string>;
  /** Headers for an admin call made with a signed-in browser session. */
  adminHeaders(): Promise<Record<string, string>>;
  /** Closes this app and builds a new one on the same database (a restart). */
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  testDb?: TestDatabase;
  /** Whether close() drops the database; true when this call created it. */
  ownsDb?: boolean;
  /** Stand-ins for the app's services (a mail transport, a payment provider), passed to buildApp. */
  services?: ServiceOverrides;
  /**
   * The shop's address the admin confirmed (the `confirmed_origin` setting), stored in a new database so
   * e-mailed links have a base, as after a first admin sign-in; null: none, and e-mails with links are held.
   */
  confirmedOrigin?: string | null;
}

export const TEST_CONFIRMED_ORIGIN = 'http://localhost';

/** A migrated database and a built (not listening) app, for app.inject tests. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = options.testDb ?? (await createTestDatabase());
  const ownsDb = options.ownsDb ?? !options.testDb;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: testDb.dataDir,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    WEB_DIST_DIR: path.join(testDb.dataDir, 'no-web'),
    ...options.env,
  });
  config.database = testDb.target.dialect === 'sqlite' ? testDb.target : { dialect: 'postgres', url: testDb.target.url };
  const db = createDatabase(testDb.target);
  await migrateToLatest(db);
  if (options.seed ?? true) await seedDemoCatalog(db);
  const confirmedOrigin = options.confirmedOrigin === undefined ? TEST_CONFIRMED_ORIGIN : options.confirmedOrigin;
  if (confirmedOrigin && !options.testDb) await insertSettingIfAbsent(db, CONFIRMED_ORIGIN_KEY, confirmedOrigin);
  const { app, ctx, routes } = await buildApp({ config, db, logger: false, services: options.services });
  await ctx.auth.ensureAdminPassword(config.ADMIN_PASSWORD);
  await app.ready();

  let cookie: string | undefined;
  const login = async () => {
    if (cookie) return cookie;
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: TEST_ADMIN_PASSWORD } });
    const setCookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (!setCookie) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    cookie = `${SESSION_COOKIE}=${setCookie.value}`;
    return cookie;
  };
  const close = async () => {
    await app.close();
    await db.destroy();
  };
  return {
    app,
    ctx,
    routes,
    db,
    config,
    testDb,
    login,
    adminHeaders: async () => ({ cookie: await login(), 'x-requested-with': 'XMLHttpRequest' }),
    restart: async () => {
      await close();
      return createTestApp({ ...options, testDb, seed: false, ownsDb });
    },
    close: async () => {
      await close();
      if (ownsDb) await testDb.drop();
    },
  };
}

/**
 * Registers the hooks of a describe block (or a file): a test app made with `options` before its tests, handed to
 * `use` (which may set it up further), and closed after them.
 */
export function withTestApp(options: TestAppOptions, use: (t: TestApp) => unknown): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    await use(t);
  });
  afterAll(async () => t?.close());
}
