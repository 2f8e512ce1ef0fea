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
import { isReleaseFileName } from '../../lib/object-storage.js';
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import fs from 'node:fs';
import readline from 'node:readline';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { isPostgres } from '../../db/portable.js';
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

export const SHOP_EXPORT_FORMAT = 'plugin-licensing-server-export';
export const SHOP_EXPORT_VERSION = 1;

/**
 * The tables of an export, in the order they are written (tiers name plugins; activations name licences;
 * redemptions name coupons and orders). The last three came later in version 1: an export without them has none.
 */
export const EXPORT_TABLES = [
  'plugins',
  'plugin_prices',
  'customers',
  'licenses',
  'license_activations',
  'orders',
  'releases',
  'release_changelogs',
  'ended_activations',
  'coupons',
  'coupon_redemptions',
] as const satisfies ReadonlyArray<keyof DB>;
type ExportTable = (typeof EXPORT_TABLES)[number];
const OPTIONAL_TABLES: ReadonlySet<ExportTable> = new Set(['ended_activations', 'coupons', 'coupon_redemptions']);
const isExportTable = (name: string): name is ExportTable => (EXPORT_TABLES as readonly string[]).includes(name);

const TABLE_NOUNS: Record<ExportTable, string> = {
  plugins: 'plugins',
  plugin_prices: 'price tiers',
  customers: 'customers',
  licenses: 'licences',
  license_activations: 'activated sites',
  orders: 'orders',
  releases: 'releases',
  release_changelogs: 'release changelogs',
  ended_activations: 'ended activations',
  coupons: 'coupons',
  coupon_redemptions: 'coupon redemptions',
};

type Trx = Transaction<DB>;
/** The rows of a table as its owner reads them: a page at a time (a catalogue's plugins at once). */
const READERS: Record<ExportTable, (trx: Trx) => AsyncIterable<object[]>> = {
  plugins: async function* (trx) {
    yield await exportPluginRows(trx);
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
 * Writes the export to `file`, reading every table in one transaction (one consistent state of the shop) a page
 * at a time. The transaction lasts as long as writing to a local file, not as long as a download.
 */
export async function writeShopExport(db: Database, file: string): Promise<{ exported_at: string }> {
  const out = fs.createWriteStream(file, { encoding: 'utf8' });
  const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = (text: string): Promise<void> =>
    out.write(text) ? Promise.resolve() : Promise.race([new Promise<void>((resolve) => out.once('drain', resolve)), failed]);
  try {
    const exportedAt = await db.transaction().execute(async (trx) => {
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
    await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
    return { exported_at: exportedAt };
  } catch (error) {
    out.destroy();
    throw error;
  }
}

const NOT_JSON = "This file is not valid JSON: this server's export is the JSON file GET /api/admin/export downloads";

type ExportEntry = { kind: 'header'; header: unknown } | { kind: 'table'; table: string } | { kind: 'row'; row: unknown; index: number };

function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', line === 1 ? NOT_JSON : `${NOT_JSON} (line ${line} is not)`);
  }
}

/** An export in another layout (one line, pretty-printed): read whole, as before. */
async function* wholeExport(file: string): AsyncGenerator<ExportEntry> {
  let data: unknown;
  try {
    data = JSON.parse((await fs.promises.readFile(file, 'utf8')).replace(/^\ufeff/, ''));
  } catch {
    throw new AppError('BAD_REQUEST', NOT_JSON);
  }
  yield { kind: 'header', header: data };
  const record = data as Record<string, unknown>;
  for (const table of EXPORT_TABLES) {
    const rows = record[table];
    if (!Array.isArray(rows)) continue;
    yield { kind: 'table', table };
    for (let index = 0; index < rows.length; index++) yield { kind: 'row', row: rows[index] as unknown, index };
  }
}

/** Whether the file is laid out one row a line: its first line is the header alone (read from the first 4 KB). */
async function isLineLayout(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\ufeff/, '');
    const end = text.indexOf('\n');
    const first = end < 0 ? '' : text.slice(0, end).trimEnd();
    return first.startsWith('{"format":') && !first.endsWith('}');
  } finally {
    await handle.close();
  }
}

/** The export's header, then each table and its rows, read a line at a time (one row in memory). */
async function* readExport(file: string): AsyncGenerator<ExportEntry> {
  if (!(await isLineLayout(file))) {
    yield* wholeExport(file);
    return;
  }
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let state: 'start' | 'tables' | 'rows' | 'end' = 'start';
  let number = 0;
  let index = 0;
  try {
    for await (const read of lines) {
      number += 1;
      const line = number === 1 ? read.replace(/^\ufeff/, '') : read;
      if (state === 'start') {
        yield { kind: 'header', header: parseLine(`${line.trimEnd()}}`, number) };
        state = 'tables';
      } else if (state === 'tables') {
        const table = /^,("[a-z_]+"):\[$/.exec(line);
        if (table) {
          yield { kind: 'table', table: JSON.parse(table[1]!) as string };
          state = 'rows';
          index = 0;
        } else if (line === '}') state = 'end';
        else throw new AppError('BAD_REQUEST', `${NOT_JSON} (line ${number} is not a list's start)`);
      } else if (state === 'rows') {
        if (line === ']') state = 'tables';
        else yield { kind: 'row', row: parseLine(index === 0 ? line : line.replace(/^,/, ''), number), index: index++ };
      } else if (line.trim() !== '') throw new AppError('BAD_REQUEST', `${NOT_JSON} (there is more after its end, on line ${number})`);
    }
  } finally {
    lines.close();
  }
  if (state !== 'end') throw new AppError('BAD_REQUEST', `${NOT_JSON} (it ends before its closing "}": is the file complete?)`);
}

interface ColumnKind {
  numeric: boolean;
  nullable: boolean;
}

/**
 * The columns each exported table has in this database and what they hold, to check an export's rows against before
 * writing any. Read from this database's own schema only (PostgreSQL: `current_schema()`): an introspection of every
 * schema failed when another schema on the server was dropped meanwhile.
 */
async function tableColumns(db: Database): Promise<Map<string, Map<string, ColumnKind>>> {
  const numeric = (type: string) => /int|real|float|double|numeric|decimal|serial/i.test(type);
  const columns = new Map<string, Map<string, ColumnKind>>(EXPORT_TABLES.map((table) => [table, new Map()]));
  if (isPostgres(db)) {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; generated: boolean }>`
      select table_name, column_name, data_type, is_nullable,
        (is_identity = 'YES' or coalesce(column_default, '') like 'nextval(%') as generated
      from information_schema.columns
      where table_schema = current_schema() and table_name in (${sql.join([...EXPORT_TABLES])})`.execute(db);
    for (const row of rows) {
      columns.get(row.table_name)?.set(row.column_name, { numeric: numeric(row.data_type), nullable: row.is_nullable === 'YES' || row.generated });
    }
    return columns;
  }
  for (const table of EXPORT_TABLES) {
    const { rows } = await sql<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>`select name, type, "notnull", pk from pragma_table_info(${table})`.execute(db);
    // An integer primary key is SQLite's rowid: given when absent.
    for (const row of rows)
      columns.get(table)!.set(row.name, { numeric: numeric(row.type), nullable: row.notnull === 0 || (row.pk === 1 && /int/i.test(row.type)) });
  }
  return columns;
}

function checkHeader(data: unknown): { exported_at: string } {
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== SHOP_EXPORT_FORMAT) {
    throw new AppError(
      'BAD_REQUEST',
      `This file is not this server's export: expected a JSON object with "format": "${SHOP_EXPORT_FORMAT}" and the lists ${EXPORT_TABLES.join(', ')}`,
    );
  }
  const record = data as Record<string, unknown>;
  if (record.version !== SHOP_EXPORT_VERSION)
    throw new AppError('BAD_REQUEST', `This export is version ${String(record.version)}; this server reads version ${SHOP_EXPORT_VERSION}`);
  return { exported_at: String(record.exported_at) };
}

/**
 * A row of `table` must have the columns stored here, each of its type, and no other; a column that may be null can
 * be absent (an export written before a migration added it) and is stored as null.
 */
function checkRow(expected: Map<string, ColumnKind>, table: ExportTable, index: number, row: unknown): void {
  const where = `${table}[${index}]`;
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new AppError('BAD_REQUEST', `${where} is not an object`);
  const names = Object.keys(row);
  const missing = [...expected].filter(([name, kind]) => !kind.nullable && !names.includes(name)).map(([name]) => name);
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
}

/** A release's file must be a name inside the release store, never a path out of it (issue 37). */
function checkReleaseFile(index: number, row: { zip_path: string }): void {
  if (isReleaseFileName(row.zip_path)) return;
  throw new AppError(
    'BAD_REQUEST',
    `releases[${index}].zip_path ${JSON.stringify(row.zip_path.slice(0, 100))} is not a file name in the release store: it must be a plain name such as plugin-1.0.0-1a2b3c.zip (letters, digits, dots, dashes), without folders`,
  );
}

/**
 * Reads the whole export once, checking its header and every row against this database's columns, holding one
 * row at a time: what each table has, or the first problem (nothing is written before this passes).
 */
async function checkExport(db: Database, file: string): Promise<{ exported_at: string; counts: Map<ExportTable, number> }> {
  const columns = await tableColumns(db);
  const counts = new Map<ExportTable, number>();
  let header: { exported_at: string } | null = null;
  let current: ExportTable | null = null;
  for await (const entry of readExport(file)) {
    if (entry.kind === 'header') header = checkHeader(entry.header);
    else if (entry.kind === 'table') {
      current = isExportTable(entry.table) ? entry.table : null;
      if (current && counts.has(current)) throw new AppError('BAD_REQUEST', `This export has the list "${current}" twice`);
      if (current) counts.set(current, 0);
    } else if (current) {
      checkRow(columns.get(current)!, current, entry.index, entry.row);
      if (current === 'releases') checkReleaseFile(entry.index, entry.row as { zip_path: string });
      counts.set(current, counts.get(current)! + 1);
    }
  }
  for (const table of EXPORT_TABLES) {
    if (counts.has(table)) continue;
    if (!OPTIONAL_TABLES.has(table)) throw new AppError('BAD_REQUEST', `This export has no list "${table}": expected the lists ${EXPORT_TABLES.join(', ')}`);
    counts.set(table, 0);
  }
  return { exported_at: header!.exported_at, counts };
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
