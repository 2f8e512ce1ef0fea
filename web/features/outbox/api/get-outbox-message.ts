import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@common/outbox';
import { apiGet } from '@/lib/api';
import { outboxQueryKey } from './get-outbox';

/** GET /api/admin/outbox/{id}: one message with its body, sign-in and download tokens masked. */
export const getOutboxMessage = (id: number): Promise<OutboxMessage> => apiGet<OutboxMessage>(`/api/admin/outbox/${id}`);

export const outboxMessageQueryOptions = (id: number) => queryOptions({ queryKey: [...outboxQueryKey, 'message', id], queryFn: () => getOutboxMessage(id) });

export const useOutboxMessage = (id: number | null) => useQuery({ ...outboxMessageQueryOptions(id ?? 0), enabled: id !== null });
