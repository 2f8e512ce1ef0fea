// npm run backup [-- DESTINATION] [--full-check]: a consistent copy of the database, safe while the server runs
// (docs/deploy.md). SQLite: the online backup into DESTINATION (a file, or a folder for a timestamped name) or beside
// DATA_DIR, checked whole; --full-check also reads every page of the copy (quick_check).
// PostgreSQL: pg_dump (custom format) when installed, else the exact command to run.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { backupPath, backupSqlite, pgDumpPlan, runPgDump } from './backup-database.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const { values, positionals } = parseArgs({ options: { 'full-check': { type: 'boolean', default: false } }, allowPositionals: true });
  const given = positionals[0];
  process.umask(0o077);
  if (config.database.dialect === 'sqlite') {
    const destination = backupPath(config.dataDir, 'sqlite', given);
    const { bytes } = await backupSqlite(config.database.file, destination, { full: values['full-check'] });
    console.log(`Backed up ${config.database.file} to ${destination} (${bytes} bytes).`);
    console.log("Also keep DATA_DIR's releases/ and images/ (or the bucket, with S3_BUCKET set).");
    return;
  }
  const destination = backupPath(config.dataDir, 'dump', given);
  const plan = pgDumpPlan(config.database.url, destination);
  if (!runPgDump(plan)) {
    console.error(`pg_dump is not installed here (PostgreSQL's client tools). On a machine that has it, run:\n\n  ${plan.command}\n`);
    process.exit(2);
  }
  console.log(`Backed up the PostgreSQL database to ${destination} (restore with pg_restore).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
