import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Database tests (*.db.test.ts) run once per dialect; everything else runs once.
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default defineConfig(async () => {
  const withPostgres = process.env.TEST_SKIP_POSTGRES !== 'true' && (await postgresReachable());
  if (!withPostgres) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL is not reachable at ${postgresUrl}; CI requires it.`);
    console.warn(
      `\n${'!'.repeat(72)}\n!! PostgreSQL is NOT reachable at ${postgresUrl}.\n!! Running the SQLite half of the database tests only.\n${'!'.repeat(72)}\n`,
    );
  }
  const alias = {
    '@': fileURLToPath(new URL('./web', import.meta.url)),
    '@common': fileURLToPath(new URL('./common', import.meta.url)),
  };
  const dbProject = (dialect: 'sqlite' | 'postgres') => ({
    resolve: { alias },
    test: {
      name: dialect,
      include: ['server/**/*.db.test.ts'],
      env: { TEST_DB: dialect, TEST_DATABASE_URL: postgresUrl },
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  });
  return {
    test: {
      projects: [
        {
          resolve: { alias },
          test: {
            name: 'unit',
            include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'web/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.mjs'],
            exclude: ['**/*.db.test.ts', '**/node_modules/**'],
            testTimeout: 30_000,
          },
        },
        dbProject('sqlite'),
        // The WordPress client (clients/wordpress): PHP checks, and the end-to-end run on real WordPress + MariaDB.
        { resolve: { alias }, test: { name: 'wordpress', include: ['clients/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 300_000 } },
        ...(withPostgres ? [dbProject('postgres')] : []),
      ],
    },
  };
});
