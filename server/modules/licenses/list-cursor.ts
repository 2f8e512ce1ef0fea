// Keyset cursors for the admin lists (issue 44, docs/big-shop.md): a cursor names a row by its sort value and id,
// so the page after (or before) it is read off the sort's index from that row on, as cheap deep in a million rows
// as on the first page. Opaque to the client: base64url of JSON [sort value, id].
import { AppError } from '../../lib/errors.js';

export interface ListCursor {
  value: string;
  id: number;
  /** after: the rows following it in the list's order; before: the rows preceding it. */
  side: 'after' | 'before';
}

export const writeListCursor = (value: string | number | null, id: number): string =>
  Buffer.from(JSON.stringify([value === null ? '' : String(value), id])).toString('base64url');

/** The cursor of `after` or `before` (not both); a 400 a person can act on when it is not one this list gave. */
export function readListCursor(after: string | undefined, before: string | undefined): ListCursor | undefined {
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
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || !Number.isSafeInteger(parsed[1])) {
    throw new AppError('BAD_REQUEST', `${name} must be a cursor from a page of this list (its next_cursor or prev_cursor)`);
  }
  return { value: parsed[0], id: parsed[1] as number, side: name };
}
