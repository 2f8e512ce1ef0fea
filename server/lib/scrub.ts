import { sql, type RawBuilder } from 'kysely';

// Erasing a customer (docs/customers.md, "Erase"): every mention of an address in stored text is replaced, in
// whichever case it was written. Shared by the owners of the tables that hold such text.

/** `text` with every mention of `needle` (any case) replaced by `replacement`. */
export function replaceMentions(text: string, needle: string, replacement: string): string {
  if (needle === '') return text;
  return text.replace(new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), replacement);
}

/** A portable condition: `column` (lower-cased) contains `needle` (any case; LIKE's wildcards escaped). */
export function mentions(column: string, needle: string): RawBuilder<boolean> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
