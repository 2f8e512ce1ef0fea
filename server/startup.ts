import type { Config } from './config.js';
import { createDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoCatalogue } from './db/seed.js';

/** Opens and migrates the configured database, seeding the demo catalogue when asked. */
export async function openDatabase(config: Config): Promise<Database> {
  const db = createDatabase(config.database);
  await migrateToLatest(db);
  if (config.SEED_DEMO) await seedDemoCatalogue(db);
  return db;
}
