// Substring search through trigram indexes (0064 and 0065; docs/big-shop.md): SQLite FTS5 tables with the `trigram`
// tokenizer, PostgreSQL pg_trgm GIN indexes used by `like '%…%'`. A trigram needs three characters: shorter texts
// cannot use either index, and each caller falls back to a plain scan for them.

/** Shortest text a trigram index can find. */
export const TRIGRAM_MIN = 3;

/** An FTS5 phrase: the text in double quotes, its own double quotes doubled (a trigram phrase is a substring). */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** A LIKE pattern matching any text containing `text` (wildcards taken literally; escape character: a backslash). */
export const likeContaining = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
