import type { Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoCatalog } from './db/seed.js';
import { tightenTree } from './lib/private-files.js';

/**
 * Makes DATA_DIR owner-only before anything is written: files the process creates from now on get no group or
 * other permissions (umask 077: release zips, SQLite's -wal and -shm, sharp's outputs), and what an older
 * version left there (the SQLite file was 0644) is tightened to 0600 files and 0700 folders.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  tightenTree(dataDir);
}

/** Opens and migrates the configured database, seeding the demo catalogue when asked. */
export async function openDatabase(config: Config): Promise<Database> {
  secureDataDir(config.dataDir);
  const db = createDatabase(config.database);
  // Seeded under the migrations' lock: instances starting together on an empty database seed it once.
  await migrateToLatest(db, config.SEED_DEMO ? () => seedDemoCatalog(db).then(() => undefined) : undefined);
  return db;
}
