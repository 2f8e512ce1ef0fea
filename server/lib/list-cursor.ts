// Keyset cursors for the admin lists (issue 44, docs/big-shop.md): a cursor names a row by its sort value and id,
// so the page after (or before) it is read off the sort's index from that row on, as cheap deep in a million rows
// as on the first page. Opaque to the client: base64url of JSON [sort value, id], and for the lists that name
// themselves (Customers, Orders, Outbox) [sort value, id, list and sort], so a cursor of another list or sort is
// refused. Shared by the modules' lists (server/modules/licenses, customers, orders, email).
import { AppError } from './errors.js';

export interface ListCursor {
  /** The row's sort value: text (the Licences list's always), a whole number, or null (an empty nullable value). */
  value: string | number | null;
  id: number;
  /** after: the rows following it in the list's order; before: the rows preceding it. */
  side: 'after' | 'before';
}

/** What a named list's cursor may hold as its value. */
export type CursorValueKind = 'text' | 'nullable text' | 'number';

/** A cursor for the row: without `list`, the Licences list's ([text, id]); with it, a named list's. */
export function writeListCursor(value: string | number | null, id: number, list?: string): string {
  const parts = list === undefined ? [value === null ? '' : String(value), id] : [value, id, list];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** A page's cursors: next after its last row, previous before its first (null when the page is empty). */
export function pageCursors<T extends { id: number }>(
  rows: T[],
  valueOf: (row: T) => string | number | null,
  list?: string,
): { next_cursor: string | null; prev_cursor: string | null } {
  const [first, last] = [rows[0], rows.at(-1)];
  return {
    next_cursor: last ? writeListCursor(valueOf(last), last.id, list) : null,
    prev_cursor: first ? writeListCursor(valueOf(first), first.id, list) : null,
  };
}

const fits = (value: unknown, kind: CursorValueKind): boolean =>
  kind === 'number' ? Number.isSafeInteger(value) : typeof value === 'string' || (kind === 'nullable text' && value === null);

/**
 * The cursor of `after` or `before` (not both); a 400 a person can act on when it is not one this list gave. Without
 * `list`, the Licences list's cursor; with it, one written with the same `list` whose value is of `kind`.
 */
export function readListCursor(after: string | undefined, before: string | undefined, list?: { name: string; kind: CursorValueKind }): ListCursor | undefined {
  if (after !== undefined && before !== undefined) throw new AppError('BAD_REQUEST', 'Give after or before, not both');
  const text = after ?? before;
  if (text === undefined) return undefined;
  const name = after !== undefined ? 'after' : 'before';
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const valid =
    Array.isArray(parsed) &&
    Number.isSafeInteger(parsed[1]) &&
    (list === undefined ? parsed.length === 2 && typeof parsed[0] === 'string' : parsed.length === 3 && parsed[2] === list.name && fits(parsed[0], list.kind));
  if (!valid) throw new AppError('BAD_REQUEST', `${name} must be a cursor from a page of this list (its next_cursor or prev_cursor)`);
  return { value: (parsed as [string | number | null])[0], id: (parsed as [unknown, number])[1], side: name };
}
