import { type CreateTableBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

export const toBool = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
export const fromBool = (value: boolean): number => (value ? 1 : 0);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-incrementing integer primary key `id`, per dialect. */
export function addIdColumn<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const parseJsonList = (value: string | null | undefined): string[] => {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/** A unique-constraint violation on either dialect: PostgreSQL's 23505, better-sqlite3's SQLITE_CONSTRAINT_UNIQUE/PRIMARYKEY. */
export const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/**
 * `expression in (values)`, for a lookup of many values on an expression a trigram index also covers (`lower(email)`).
 * PostgreSQL: a semi-join on the array's elements, which the planner probes on the btree index a value at a time. As a
 * long IN list it could take the trigram index, whose `=` reads every row sharing a trigram (all of them, for
 * addresses at one domain), or scan the table: an import slowed as the shop grew (docs/big-shop.md, "Importing a million
 * licences").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export function inValues(db: Kysely<any>, expression: RawBuilder<unknown>, values: readonly string[]): RawBuilder<boolean> {
  if (values.length === 0) return sql<boolean>`false`;
  return isPostgres(db)
    ? sql<boolean>`${expression} in (select unnest(${[...values]}::text[]))`
    : sql<boolean>`${expression} in (${sql.join(values.map((value) => sql.val(value)))})`;
}
