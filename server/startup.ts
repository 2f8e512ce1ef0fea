import type { Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoCatalog } from './db/seed.js';
import { tightenTree } from './lib/private-files.js';
import { ANY_RELEASE_MIN_VERSION } from '../common/versions.js';
import { countPluginRows } from './modules/plugins/index.js';
import { insertSettingIfAbsent } from './modules/settings/index.js';

/**
 * Makes DATA_DIR owner-only before anything is written: files the process creates from now on get no group or
 * other permissions (umask 077: release zips, SQLite's -wal and -shm, sharp's outputs), and what an older
 * version left there (the SQLite file was 0644) is tightened to 0600 files and 0700 folders.
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  tightenTree(dataDir);
}

/**
 * A shop started empty sells from its first release: the specification's minimum version (1.7.51) belongs to the
 * demo plugin, and a vendor's own 1.0.0 would otherwise never go on sale. Only while the shop has no plugin and the
 * setting was never stored, so nothing a vendor chose is changed.
 */
async function startEmptyShop(db: Database): Promise<void> {
  if ((await countPluginRows(db)) === 0) await insertSettingIfAbsent(db, 'min_release_version', ANY_RELEASE_MIN_VERSION);
}

/** Opens and migrates the configured database, seeding the demo catalogue when asked. */
export async function openDatabase(config: Config): Promise<Database> {
  secureDataDir(config.dataDir);
  const db = createDatabase(config.database);
  // Seeded under the migrations' lock: instances starting together on an empty database seed it once.
  await migrateToLatest(db, config.SEED_DEMO ? () => seedDemoCatalog(db).then(() => undefined) : () => startEmptyShop(db));
  return db;
}
