import { z } from 'zod';

// The keyset cursors' part of an admin list's query and answer (issue 44, docs/big-shop.md; Customers, Orders and
// Outbox; the Licences list spells the same in common/licenses.ts). The server reads and writes them in
// server/lib/list-cursor.ts.

/** An optional page number (the Licences and Orders lists answer a page only when asked for one). */
export const optionalPageField = z.coerce
  .number({ error: 'page must be a whole number of 1 or more' })
  .int('page must be a whole number of 1 or more')
  .min(1, 'page must be a whole number of 1 or more')
  .max(1_000_000, 'page must be at most 1000000')
  .optional();

export const listCursorQuery = {
  /** The page after the row this cursor names (a page's next_cursor), read off the sort's index, not by offset. */
  after: z.string().max(400, 'after must be a cursor from a page of this list').optional(),
  /** The page before the row this cursor names (a page's prev_cursor). */
  before: z.string().max(400, 'before must be a cursor from a page of this list').optional(),
};

export const listCursorAnswer = {
  /** Keyset cursors: `after` = next_cursor reads the next page off the index, `before` = prev_cursor the one before; null when the page is empty. */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
};
