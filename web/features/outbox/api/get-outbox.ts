import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxList } from '@common/outbox';
import { apiGet } from '@/lib/api';

/** The owner of the outbox cache key; the resend invalidates through it (every filter and page shares the prefix). */
export const outboxQueryKey = ['/api/admin/outbox'] as const;

export interface OutboxFilter {
  page: number;
  kind: string | null;
  status: string | null;
  search: string;
}

/** GET /api/admin/outbox: one page of messages, newest first, with the total and the kinds present. */
export const getOutbox = ({ page, kind, status, search }: OutboxFilter): Promise<OutboxList> => {
  const params = new URLSearchParams({ page: String(page) });
  if (kind) params.set('kind', kind);
  if (status) params.set('status', status);
  if (search.trim()) params.set('search', search.trim());
  return apiGet<OutboxList>(`/api/admin/outbox?${params.toString()}`);
};

// Messages are written by checkouts and sign-in requests outside this browser: the list refetches whenever the page opens.
export const outboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({ queryKey: [...outboxQueryKey, filter], queryFn: () => getOutbox(filter), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const useOutbox = (filter: OutboxFilter) => useQuery(outboxQueryOptions(filter));
