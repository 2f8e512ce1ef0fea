// This server's own export (GET /api/admin/export, docs/migrating.md): plugins, price tiers, customers,
// licences, activations, orders and release metadata as JSON, every row as stored (ids included, so the
// references between tables hold), read through each table's owner. Importing it into an empty shop writes
// the same rows back in one transaction: the round trip is lossless (shop-export.db.test.ts). Release zips are
// files, not rows: they are carried by copying the release storage (docs/migrating.md).
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { ImportRow } from '../../../common/imports.js';
import { recordActivity } from '../activities/index.js';
import { countCustomerRows, exportCustomerRows, restoreCustomerRows, type CustomerExportRow } from '../customers/index.js';
import {
  countLicenseRows,
  exportActivationRows,
  exportLicenseRows,
  restoreLicenseRows,
  type ActivationExportRow,
  type LicenseExportRow,
} from '../licenses/index.js';
import { countOrderRows, exportOrderRows, restoreOrderRows, type OrderExportRow } from '../orders/index.js';
import { countPluginRows, deleteAllPluginRows, exportPluginRows, restorePluginRows, type PluginExportRow } from '../plugins/index.js';
import { countPriceRows, deleteAllPriceRows, exportPriceRows, restorePriceRows, type PriceExportRow } from '../prices/index.js';
import {
  countReleaseRows,
  exportReleaseChangelogRows,
  exportReleaseRows,
  restoreReleaseRows,
  type ReleaseChangelogExportRow,
  type ReleaseExportRow,
} from '../releases/index.js';
import type { ImportSummary } from './import.service.js';

export const SHOP_EXPORT_FORMAT = 'plugin-licensing-server-export';
export const SHOP_EXPORT_VERSION = 1;

export interface ShopExport {
  format: typeof SHOP_EXPORT_FORMAT;
  version: number;
  exported_at: string;
  plugins: PluginExportRow[];
  plugin_prices: PriceExportRow[];
  customers: CustomerExportRow[];
  licenses: LicenseExportRow[];
  license_activations: ActivationExportRow[];
  orders: OrderExportRow[];
  releases: ReleaseExportRow[];
  release_changelogs: ReleaseChangelogExportRow[];
}

/** The tables of an export, in the order they are written (tiers name plugins; activations name licences). */
export const EXPORT_TABLES = [
  'plugins',
  'plugin_prices',
  'customers',
  'licenses',
  'license_activations',
  'orders',
  'releases',
  'release_changelogs',
] as const satisfies ReadonlyArray<keyof ShopExport>;
type ExportTable = (typeof EXPORT_TABLES)[number];

const TABLE_NOUNS: Record<ExportTable, string> = {
  plugins: 'plugins',
  plugin_prices: 'price tiers',
  customers: 'customers',
  licenses: 'licences',
  license_activations: 'activated sites',
  orders: 'orders',
  releases: 'releases',
  release_changelogs: 'release changelogs',
};

export async function buildShopExport(db: Database): Promise<ShopExport> {
  return db.transaction().execute(async (trx) => ({
    format: SHOP_EXPORT_FORMAT,
    version: SHOP_EXPORT_VERSION,
    exported_at: nowIso(),
    plugins: await exportPluginRows(trx),
    plugin_prices: await exportPriceRows(trx),
    customers: await exportCustomerRows(trx),
    licenses: await exportLicenseRows(trx),
    license_activations: await exportActivationRows(trx),
    orders: await exportOrderRows(trx),
    releases: await exportReleaseRows(trx),
    release_changelogs: await exportReleaseChangelogRows(trx),
  }));
}

interface ColumnKind {
  numeric: boolean;
  nullable: boolean;
}

/** The columns each table has in this database and what they hold, to check an export's rows against before writing any. */
async function tableColumns(db: Database): Promise<Map<string, Map<string, ColumnKind>>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.map((table) => [
      table.name,
      new Map(
        table.columns.map((column) => [
          column.name,
          { numeric: /int|real|float|double|numeric|decimal|serial/i.test(column.dataType), nullable: column.isNullable || column.isAutoIncrementing },
        ]),
      ),
    ]),
  );
}

/** Checks the shape of a parsed export: every table a list of rows with exactly the columns stored here. */
async function checkExport(db: Database, data: unknown): Promise<ShopExport> {
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== SHOP_EXPORT_FORMAT) {
    throw new AppError(
      'BAD_REQUEST',
      `This file is not this server's export: expected a JSON object with "format": "${SHOP_EXPORT_FORMAT}" and the lists ${EXPORT_TABLES.join(', ')}`,
    );
  }
  const record = data as Record<string, unknown>;
  if (record.version !== SHOP_EXPORT_VERSION)
    throw new AppError('BAD_REQUEST', `This export is version ${String(record.version)}; this server reads version ${SHOP_EXPORT_VERSION}`);
  const columns = await tableColumns(db);
  for (const table of EXPORT_TABLES) {
    const rows = record[table];
    if (!Array.isArray(rows)) throw new AppError('BAD_REQUEST', `This export has no list "${table}": expected the lists ${EXPORT_TABLES.join(', ')}`);
    const expected = columns.get(table)!;
    rows.forEach((row: unknown, index) => {
      const where = `${table}[${index}]`;
      if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new AppError('BAD_REQUEST', `${where} is not an object`);
      const names = Object.keys(row);
      const missing = [...expected.keys()].filter((name) => !names.includes(name));
      const unknown = names.filter((name) => !expected.has(name));
      if (missing.length > 0 || unknown.length > 0) {
        throw new AppError(
          'BAD_REQUEST',
          `${where} does not have this server's columns${missing.length ? `; missing ${missing.join(', ')}` : ''}${unknown.length ? `; unknown ${unknown.join(', ')}` : ''}`,
        );
      }
      for (const [name, value] of Object.entries(row)) {
        const kind = expected.get(name)!;
        if (value === null ? !kind.nullable : typeof value !== (kind.numeric ? 'number' : 'string')) {
          throw new AppError('BAD_REQUEST', `${where}.${name} must be ${kind.numeric ? 'a number' : 'text'}${kind.nullable ? ' or null' : ''}`);
        }
        // eslint-disable-next-line no-control-regex
        if (typeof value === 'string' && /\u0000/.test(value)) throw new AppError('BAD_REQUEST', `${where}.${name} contains a NUL character`);
      }
    });
  }
  return record as unknown as ShopExport;
}

/** What stands in the way of importing an export here: anything but a catalogue (which the export replaces). */
async function notEmptyReason(db: Database): Promise<string | null> {
  const counts = {
    licences: await countLicenseRows(db),
    orders: await countOrderRows(db),
    customers: await countCustomerRows(db),
    releases: await countReleaseRows(db),
    coupons: (await countPriceRows(db)).coupons,
  };
  const present = Object.entries(counts).filter(([, n]) => n > 0);
  if (present.length === 0) return null;
  return `This shop is not empty (${present.map(([noun, n]) => `${n} ${noun}`).join(', ')}): an export is imported into an empty shop only`;
}

/**
 * Imports an export (already parsed JSON) into an empty shop: plugins and tiers here (the demo catalogue, which
 * nothing refers to yet) are replaced by the export's. A dry run reports, table by table, what would be written.
 */
export async function importShopExport(db: Database, data: unknown, options: { apply: boolean; onRow?: (row: ImportRow) => void }): Promise<ImportSummary> {
  const shop = await checkExport(db, data);
  const blocked = await notEmptyReason(db);
  if (blocked) throw new AppError('CONFLICT', blocked);
  const summary: ImportSummary = { format: 'self', dryRun: !options.apply, rows: 0, created: 0, skipped: 0, errors: 0, stopped: false };
  const replaced = await countPluginRows(db);
  EXPORT_TABLES.forEach((table, index) => {
    const n = shop[table].length;
    summary.rows += n;
    summary.created += n;
    const note = table === 'plugins' && replaced > 0 ? ` (replacing the ${replaced} plugins here, and their price tiers)` : '';
    options.onRow?.({ line: index + 1, action: 'create', key: '', plugin: null, reason: `${n} ${TABLE_NOUNS[table]}${note}` });
  });
  if (!options.apply) return summary;
  try {
    await db.transaction().execute(async (trx) => {
      await deleteAllPriceRows(trx);
      await deleteAllPluginRows(trx);
      await restorePluginRows(trx, shop.plugins);
      await restorePriceRows(trx, shop.plugin_prices);
      await restoreCustomerRows(trx, shop.customers);
      await restoreLicenseRows(trx, shop.licenses, shop.license_activations);
      await restoreOrderRows(trx, shop.orders);
      await restoreReleaseRows(trx, shop.releases, shop.release_changelogs);
      await recordActivity(trx, 'shop_imported', { exported_at: shop.exported_at, licenses: shop.licenses.length, orders: shop.orders.length });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A value of the wrong type or a broken reference: nothing was written (one transaction).
    throw new AppError('BAD_REQUEST', `The export could not be written, and nothing was: ${(error as Error).message.slice(0, 300)}`);
  }
  return summary;
}
