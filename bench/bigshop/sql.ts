// The SQL the big shop's rows are made of (bench/bigshop.ts): each column an expression over `i`, the row's number in
// a generated series, filled 100,000 rows a statement.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.js';
import { C, CHUNK, dialect, PLUGINS, RENEWALS, start, step } from './options.js';

/** The SQL of the dialect: a series of whole numbers a..b as `s(i)`, hex groups and ISO times. */
export const d = {
  series: (a: number, b: number) =>
    dialect === 'postgres'
      ? `generate_series(${a}::bigint, ${b}::bigint) as s(i)`
      : `(with recursive r(i) as (select ${a} union all select i + 1 from r where i < ${b}) select i from r) as s`,
  hex4: (expr: string) => (dialect === 'postgres' ? `lpad(upper(to_hex((${expr}) % 65536)), 4, '0')` : `printf('%04X', (${expr}) % 65536)`),
  iso: (seconds: string) =>
    dialect === 'postgres'
      ? `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
};
export const pick = (expr: string, list: Array<string | number>) =>
  `case ${list.map((value, n) => `when (${expr}) = ${n} then ${typeof value === 'number' ? value : `'${value}'`}`).join(' ')} end`;

// A licence i (1..N): its plugin, tier, creation time and customer.
export const created = (i: string) => `(${start} + (${i}) * ${step})`;
export const tier = (i: string) => `((${i}) % 3)`;
export const plugin = (i: string) => pick(`((${i}) / 3) % 4`, PLUGINS);
export const email = (c: string) => `'buyer' || (${c}) || '@example' || ((${c}) % 97) || '.com'`;
export const customerOf = (i: string) => `(((${i}) - 1) % ${C} + 1)`;
// The keys start with the shop's own prefix (its store identity setting), read once the shop is migrated.
let keyPrefix = '';
export const setKeyPrefix = (prefix: string) => {
  keyPrefix = prefix;
};
export const key = (i: string) =>
  `'${keyPrefix.replaceAll("'", "''")}-' || ${d.hex4(`(${i}) * 40503`)} || '-' || ${d.hex4(`(${i}) * 9973 + 12345`)} || '-' || ${d.hex4(`(${i}) / 65536`)} || '-' || ${d.hex4(i)}`;
// Renewal r (1..0.2N) extends yearly licence 1, 2, 4, 5, 7, 8, … (tiers 1 and 2).
export const renewed = (r: string) => `(3 * (((${r}) - 1) / 2) + 1 + ((${r}) - 1) % 2)`;
const LAST_RENEWED = 3 * Math.floor((RENEWALS - 1) / 2) + 1 + ((RENEWALS - 1) % 2);
export const isRenewed = (i: string) => `((${i}) % 3 <> 0 and (${i}) <= ${LAST_RENEWED})`;
export const refunded = (i: string) => `((${i}) % 50 = 0)`;

export async function fill(db: Kysely<DB>, table: string, rows: number, columns: string[], exprs: string[]): Promise<void> {
  const began = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let a = 1; a <= rows; a += CHUNK) {
      const b = Math.min(rows, a + CHUNK - 1);
      await sql.raw(`insert into ${table} (${columns.join(', ')}) select ${exprs.join(', ')} from ${d.series(a, b)}`).execute(trx);
      process.stdout.write(`\r${table}: ${b.toLocaleString('en-GB')} / ${rows.toLocaleString('en-GB')}`);
    }
  });
  process.stdout.write(` (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
}

export function table(columns: Record<string, string>): [string[], string[]] {
  return [Object.keys(columns), Object.values(columns)];
}
