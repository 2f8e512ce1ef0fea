// The layout of this server's export file (shop-export.ts, docs/migrating.md): its tables in order, and reading it
// back one row a line (or whole, for another layout of the same version).
import fs from 'node:fs';
import readline from 'node:readline';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

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
export type ExportTable = (typeof EXPORT_TABLES)[number];
export const OPTIONAL_TABLES: ReadonlySet<ExportTable> = new Set(['ended_activations', 'coupons', 'coupon_redemptions']);
export const isExportTable = (name: string): name is ExportTable => (EXPORT_TABLES as readonly string[]).includes(name);

export const TABLE_NOUNS: Record<ExportTable, string> = {
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

export const NOT_JSON = "This file is not valid JSON: this server's export is the JSON file GET /api/admin/export downloads";

export type ExportEntry = { kind: 'header'; header: unknown } | { kind: 'table'; table: string } | { kind: 'row'; row: unknown; index: number };

export function parseLine(text: string, line: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', line === 1 ? NOT_JSON : `${NOT_JSON} (line ${line} is not)`);
  }
}

/** An export in another layout (one line, pretty-printed): read whole, as before. */
export async function* wholeExport(file: string): AsyncGenerator<ExportEntry> {
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
export async function isLineLayout(file: string): Promise<boolean> {
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
export async function* readExport(file: string): AsyncGenerator<ExportEntry> {
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
