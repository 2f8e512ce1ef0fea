import { useCallback, useState } from 'react';

// Paging an admin list by its keyset cursors (issue 44, docs/big-shop.md): the next and previous page are asked
// after or before the row the page shown ends or starts with (its next_cursor / prev_cursor), read off the sort's
// index however deep; a page chosen by number is still an offset.

/** The page asked for and, for the one after or before the page shown, its cursor. */
export interface PageAt {
  page: number;
  after?: string;
  before?: string;
}

/** A page of a list as answered: its number and cursors. */
export interface CursorPageShown {
  page: number;
  next_cursor: string | null;
  prev_cursor: string | null;
}

/** The page asked for; `setPage` goes to a page by number; `onPage(list)` is the Pager's onPage for the page shown. */
export function useCursorPages() {
  const [at, setAt] = useState<PageAt>({ page: 1 });
  const setPage = useCallback((page: number) => setAt({ page }), []);
  const onPage = (list: CursorPageShown) => (change: (current: number) => number) => {
    const page = change(list.page);
    if (page === list.page + 1 && list.next_cursor) setAt({ page, after: list.next_cursor });
    else if (page === list.page - 1 && list.prev_cursor) setAt({ page, before: list.prev_cursor });
    else setPage(page);
  };
  return { at, setPage, onPage };
}

/** Adds the page's cursor, if any, to a list's query. */
export function setCursorParams(params: URLSearchParams, at: PageAt): URLSearchParams {
  if (at.after) params.set('after', at.after);
  else if (at.before) params.set('before', at.before);
  return params;
}
