// Walking an admin list by its keyset cursors (issue 44, docs/big-shop.md), for the lists' tests: every page by
// next_cursor, then back by prev_cursor, must give the rows of the whole list once each, in its order; a page after
// the last is empty; a cursor the list did not give is a 400 that says what to send.
import { expect } from 'vitest';
import type { App } from '../kernel/context.js';

export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
  prev_cursor: string | null;
}

/** `read(page, cursor)`: the page numbered `page`, read after or before the cursor (none: by its offset). */
export type ReadPage<T> = (page: number, cursor: string) => Promise<CursorPage<T>>;

export async function expectKeysetWalk<T>(expected: T[], perPage: number, read: ReadPage<T>): Promise<void> {
  const pages = [await read(1, '')];
  while (pages.length * perPage < expected.length) pages.push(await read(pages.length + 1, `&after=${pages.at(-1)!.next_cursor}`));
  expect(pages.flatMap((page) => page.items)).toEqual(expected);
  // The same pages by number (offset) agree, and walking back from the last page by prev_cursor gives them again.
  for (const [at, page] of pages.entries()) expect((await read(at + 1, '')).items).toEqual(page.items);
  for (let at = pages.length - 1; at > 0; at--) expect((await read(at, `&before=${pages[at]!.prev_cursor}`)).items).toEqual(pages[at - 1]!.items);
  expect((await read(pages.length + 1, `&after=${pages.at(-1)!.next_cursor}`)).items).toEqual([]);
}

/** Cursors that `url` (a list's address with its query begun) must refuse with a 400 that says what to send. */
export async function expectCursorRefused(app: App, headers: Record<string, string>, url: string, foreign: string[] = []): Promise<void> {
  const made = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const queries = ['&after=not-a-cursor', `&before=${made(['x'])}`, `&after=${made(['x', 1])}`, '&after=W10&before=W10', ...foreign.map((c) => `&after=${c}`)];
  for (const query of queries) {
    const response = await app.inject({ method: 'GET', url: `${url}${query}`, headers });
    expect(response.statusCode, query).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^(after|before) must be a cursor from a page of this list|^Give after or before, not both$/);
  }
}
