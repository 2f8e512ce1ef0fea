// npx tsx bench/export-shop.ts <file>: the shop's own export of DATABASE_URL written to <file> (writeShopExport,
// what GET /api/admin/export writes before it streams the file). bench/health-during.ts runs it in its own process.
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/startup.js';
import { writeShopExport } from '../server/modules/importers/index.js';

const file = process.argv[2];
if (!file) throw new Error('Usage: npx tsx bench/export-shop.ts <file>');
const db = await openDatabase({ ...loadConfig(), SEED_DEMO: false });
try {
  await writeShopExport(db, file);
} finally {
  await db.destroy();
}
