// This server's own export (GET /api/admin/export, docs/migrating.md): plugins, price tiers, customers,
// licences, activations, orders, release metadata, ended activations and coupons as JSON, every row as stored
// (ids included, so the references between tables hold), read through each table's owner a page at a time and
// written out as it is read. Importing it into an empty shop reads the file twice, line by line: once to check
// every row, then to write them in one transaction. The round trip is lossless (shop-export.db.test.ts). Release
// zips are files, not rows: they are carried by copying the release storage (docs/migrating.md).
//
// The file is one JSON document laid out one row a line, so that neither side holds a table in memory:
//   {"format":"plugin-licensing-server-export","version":1,"exported_at":"…"
//   ,"plugins":[
//   {…a row…}
//   ,{…a row…}
//   ]
//   ,"plugin_prices":[
//   ]
//   }
// JSON.stringify never writes a line break inside a value, so each row is one line. An export of the same
// version in any other layout (one line, as this server wrote it before, or pretty-printed) is still read, whole.
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import { readSnapshot } from '../../kernel/read-snapshot.js';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { ImportRow } from '../../../common/imports.js';
import { recordActivity } from '../activities/index.js';
import { countCouponRows, exportCouponRedemptionRows, exportCouponRows, restoreCouponRedemptionRows, restoreCouponRows } from '../coupons/index.js';
import { countCustomerRows, exportCustomerRows, restoreCustomerRows } from '../customers/index.js';
import {
  countLicenseRows,
  exportActivationRows,
  exportEndedActivationRows,
  exportLicenseRows,
  restoreEndedActivationRows,
  restoreLicenseRows,
} from '../licenses/index.js';
import { countOrderRows, exportOrderRows, restoreOrderRows } from '../orders/index.js';
import { countPluginRows, deleteAllPluginRows, exportPluginRows, restorePluginRows } from '../plugins/index.js';
import { deleteAllPriceRows, exportPriceRows, restorePriceRows } from '../prices/index.js';
import {
  countReleaseRows,
  deleteReleasesOfPlugin,
  exportReleaseChangelogRows,
  exportReleaseRows,
  onlyTheDemoRelease,
  restoreReleaseRows,
} from '../releases/index.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import type { ImportSummary } from './import.service.js';
import { EXPORT_TABLES, isExportTable, readExport, SHOP_EXPORT_FORMAT, SHOP_EXPORT_VERSION, TABLE_NOUNS, type ExportTable } from './shop-export-format.js';
import { checkExport } from './shop-export-check.js';

export { EXPORT_TABLES, SHOP_EXPORT_FORMAT, SHOP_EXPORT_VERSION } from './shop-export-format.js';

type Trx = Transaction<DB>;
/** The rows of a table as its owner reads them: a page at a time (a catalogue's plugins at once). */
const READERS: Record<ExportTable, (db: Db) => AsyncIterable<object[]>> = {
  plugins: async function* (db) {
    yield await exportPluginRows(db);
  },
  plugin_prices: exportPriceRows,
  customers: exportCustomerRows,
  licenses: exportLicenseRows,
  license_activations: exportActivationRows,
  orders: exportOrderRows,
  releases: exportReleaseRows,
  release_changelogs: exportReleaseChangelogRows,
  ended_activations: exportEndedActivationRows,
  coupons: exportCouponRows,
  coupon_redemptions: exportCouponRedemptionRows,
};
/* eslint-disable @typescript-eslint/no-explicit-any -- rows checked against this database's columns before any is written */
const WRITERS: Record<ExportTable, (trx: Trx, rows: any[]) => Promise<void>> = {
  plugins: restorePluginRows,
  plugin_prices: restorePriceRows,
  customers: restoreCustomerRows,
  licenses: (trx, rows) => restoreLicenseRows(trx, rows, []),
  license_activations: (trx, rows) => restoreLicenseRows(trx, [], rows),
  orders: restoreOrderRows,
  releases: (trx, rows) => restoreReleaseRows(trx, rows, []),
  release_changelogs: (trx, rows) => restoreReleaseRows(trx, [], rows),
  ended_activations: restoreEndedActivationRows,
  coupons: restoreCouponRows,
  coupon_redemptions: restoreCouponRedemptionRows,
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Rows written per batch on import. */
const WRITE_BATCH = 500;

/**
 * Writes the export to `target` (a file's path, or a stream: the admin's download), reading every table in one
 * read-only transaction (one consistent state of the shop, server/kernel/read-snapshot.ts) a page at a time, each
 * page written as it is read. Memory stays bounded; a slow reader holds the transaction longer (it blocks no writer).
 * A stream that closes before the end (the download was cancelled) ends the read.
 */
export async function writeShopExport(db: Database, target: string | Writable): Promise<{ exported_at: string }> {
  const out = typeof target === 'string' ? fs.createWriteStream(target, { encoding: 'utf8' }) : target;
  let ended = false;
  const failed = new Promise<never>((_resolve, reject) => {
    out.once('error', reject);
    out.once('close', () => ended || reject(new Error('The export was closed before its end')));
  });
  failed.catch(() => undefined);
  const write = (text: string): Promise<void> =>
    out.write(text) ? Promise.resolve() : Promise.race([new Promise<void>((resolve) => out.once('drain', resolve)), failed]);
  try {
    const exportedAt = await readSnapshot(db, async (trx) => {
      const at = nowIso();
      await write(`{"format":${JSON.stringify(SHOP_EXPORT_FORMAT)},"version":${SHOP_EXPORT_VERSION},"exported_at":${JSON.stringify(at)}`);
      for (const table of EXPORT_TABLES) {
        await write(`\n,${JSON.stringify(table)}:[`);
        let first = true;
        for await (const page of READERS[table](trx)) {
          let text = '';
          for (const row of page) {
            text += `${first ? '\n' : '\n,'}${JSON.stringify(row)}`;
            first = false;
          }
          await write(text);
        }
        await write('\n]');
      }
      await write('\n}\n');
      return at;
    });
    ended = true;
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
    return { exported_at: exportedAt };
  } catch (error) {
    out.destroy();
    throw error;
  }
}

/**
 * What stands in the way of importing an export here: anything but the demo catalogue a fresh install has (its
 * plugins, tiers and demo release), which the export replaces.
 */
async function notEmptyReason(db: Database): Promise<string | null> {
  const counts = {
    licences: await countLicenseRows(db),
    orders: await countOrderRows(db),
    customers: await countCustomerRows(db),
    releases: (await onlyTheDemoRelease(db)) ? 0 : await countReleaseRows(db),
    coupons: await countCouponRows(db),
  };
  const present = Object.entries(counts).filter(([, n]) => n > 0);
  if (present.length === 0) return null;
  return `This shop is not empty (${present.map(([noun, n]) => `${n} ${noun}`).join(', ')}): an export is imported into an empty shop only`;
}

/**
 * Imports an export file into an empty shop: plugins and tiers here (the demo catalogue, which nothing refers to
 * yet) are replaced by the export's. The file is read twice, a line at a time: checked whole, then written in
 * batches, in one transaction. A dry run reports, table by table, what would be written.
 */
export async function importShopExport(ctx: UnitContext, file: string, options: { apply: boolean; onRow?: (row: ImportRow) => void }): Promise<ImportSummary> {
  const { db } = ctx;
  const shop = await checkExport(db, file);
  const blocked = await notEmptyReason(db);
  if (blocked) throw new AppError('CONFLICT', blocked);
  const summary: ImportSummary = { format: 'self', dryRun: !options.apply, rows: 0, created: 0, skipped: 0, errors: 0, stopped: false };
  const replaced = await countPluginRows(db);
  EXPORT_TABLES.forEach((table, index) => {
    const n = shop.counts.get(table)!;
    summary.rows += n;
    summary.created += n;
    const note = table === 'plugins' && replaced > 0 ? ` (replacing the ${replaced} plugins here, and their price tiers)` : '';
    options.onRow?.({ line: index + 1, action: 'create', key: '', plugin: null, reason: `${n} ${TABLE_NOUNS[table]}${note}` });
  });
  if (!options.apply) return summary;
  try {
    await unitOfWork(ctx, async ({ trx }) => {
      // The demo release goes with the demo catalogue (its zip stays in storage: an export may bring the same one).
      if (await onlyTheDemoRelease(trx)) await deleteReleasesOfPlugin(trx, POSTCODE_PLUGIN_SLUG);
      await deleteAllPriceRows(trx);
      await deleteAllPluginRows(trx);
      let current: ExportTable | null = null;
      let batch: unknown[] = [];
      const flush = async () => {
        if (current && batch.length > 0) await WRITERS[current](trx, batch);
        batch = [];
      };
      for await (const entry of readExport(file)) {
        if (entry.kind === 'table') {
          await flush();
          current = isExportTable(entry.table) ? entry.table : null;
        } else if (entry.kind === 'row' && current) {
          batch.push(entry.row);
          if (batch.length >= WRITE_BATCH) await flush();
        }
      }
      await flush();
      await recordActivity(trx, 'shop_imported', { exported_at: shop.exported_at, licenses: shop.counts.get('licenses')!, orders: shop.counts.get('orders')! });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A value of the wrong type or a broken reference: nothing was written (one transaction).
    throw new AppError('BAD_REQUEST', `The export could not be written, and nothing was: ${(error as Error).message.slice(0, 300)}`);
  }
  return summary;
}
