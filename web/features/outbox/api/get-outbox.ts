import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxList } from '@common/outbox';
import { apiGet } from '@/lib/api';
import { setCursorParams, type PageAt } from '@/lib/cursor-pages';

/** The owner of the outbox cache key; the resend invalidates through it (every filter and page shares the prefix). */
export const outboxQueryKey = ['/api/admin/outbox'] as const;

export interface OutboxFilter extends PageAt {
  kind: string | null;
  status: string | null;
  search: string;
}

/** GET /api/admin/outbox: one page of messages (by number, or after or before a cursor), newest first, with the total and the kinds present. */
export const getOutbox = ({ page, after, before, kind, status, search }: OutboxFilter): Promise<OutboxList> => {
  const params = setCursorParams(new URLSearchParams({ page: String(page) }), { page, after, before });
  if (kind) params.set('kind', kind);
  if (status) params.set('status', status);
  if (search.trim()) params.set('search', search.trim());
  return apiGet<OutboxList>(`/api/admin/outbox?${params.toString()}`);
};

// Messages are written by checkouts and sign-in requests outside this browser: the list refetches whenever the page opens.
export const outboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({ queryKey: [...outboxQueryKey, filter], queryFn: () => getOutbox(filter), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const useOutbox = (filter: OutboxFilter) => useQuery(outboxQueryOptions(filter));
