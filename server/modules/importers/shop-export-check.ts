// Checking an export before anything is written (shop-export.ts): its header, and every row against this database's
// columns, one row at a time.
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { isPostgres } from '../../db/portable.js';
import { AppError } from '../../lib/errors.js';
import { isReleaseFileName } from '../../lib/object-storage.js';
import { EXPORT_TABLES, isExportTable, OPTIONAL_TABLES, readExport, SHOP_EXPORT_FORMAT, SHOP_EXPORT_VERSION, type ExportTable } from './shop-export-format.js';

export interface ColumnKind {
  numeric: boolean;
  nullable: boolean;
}

/**
 * The columns each exported table has in this database and what they hold, to check an export's rows against before
 * writing any. Read from this database's own schema only (PostgreSQL: `current_schema()`): an introspection of every
 * schema failed when another schema on the server was dropped meanwhile.
 */
export async function tableColumns(db: Database): Promise<Map<string, Map<string, ColumnKind>>> {
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

export function checkHeader(data: unknown): { exported_at: string } {
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
export function checkRow(expected: Map<string, ColumnKind>, table: ExportTable, index: number, row: unknown): void {
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
export function checkReleaseFile(index: number, row: { zip_path: string }): void {
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
export async function checkExport(db: Database, file: string): Promise<{ exported_at: string; counts: Map<ExportTable, number> }> {
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
