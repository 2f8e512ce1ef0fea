import { Button } from '@/components/ui/button';

/**
 * A page of a server-paginated list as the API answers it: its number, its size (by either name) and the total, or
 * no total where counting would cost more than the page (Orders, issue 44).
 */
export type ListPage = { page: number; total?: number } & ({ per_page: number } | { page_size: number });

/**
 * A server-paginated list's footer: which rows are shown of how many, and Previous / Next (Outbox, Customers). Without
 * a total, a page shorter than the page size is the last.
 */
export function Pager({
  label,
  testId,
  list,
  shown,
  onPage,
}: {
  label: string;
  testId: string;
  list: ListPage;
  shown: number;
  onPage: (change: (current: number) => number) => void;
}) {
  const { page, total } = list;
  const perPage = 'per_page' in list ? list.per_page : list.page_size;
  const pages = total === undefined ? null : Math.max(1, Math.ceil(total / perPage));
  const last = pages === null ? shown < perPage : page >= pages;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span data-testid={testId}>
        {(page - 1) * perPage + 1}–{(page - 1) * perPage + shown}
        {total === undefined ? '' : ` of ${total}`}
      </span>
      <span className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage((current) => current - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <span>
          Page {page}
          {pages === null ? '' : ` of ${pages}`}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage((current) => current + 1)} disabled={last}>
          Next
        </Button>
      </span>
    </nav>
  );
}
