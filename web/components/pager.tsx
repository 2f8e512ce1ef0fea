import { Button } from '@/components/ui/button';

/** A server-paginated list's footer: which rows are shown of how many, and Previous / Next (Outbox, Customers). */
export function Pager({
  label,
  testId,
  page,
  perPage,
  shown,
  total,
  onPage,
}: {
  label: string;
  testId: string;
  page: number;
  perPage: number;
  shown: number;
  total: number;
  onPage: (change: (current: number) => number) => void;
}) {
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
