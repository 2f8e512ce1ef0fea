import { Button } from '@/components/ui/button';

/** A page of a server-paginated list as the API answers it: its number, its size (by either name) and the total. */
export type ListPage = { page: number; total: number } & ({ per_page: number } | { page_size: number });

/** A server-paginated list's footer: which rows are shown of how many, and Previous / Next (Outbox, Customers). */
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
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span data-testid={testId}>
        {(page - 1) * perPage + 1}–{(page - 1) * perPage + shown} of {total}
      </span>
      <span className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage((current) => current - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage((current) => current + 1)} disabled={page >= pages}>
          Next
        </Button>
      </span>
    </nav>
  );
}
