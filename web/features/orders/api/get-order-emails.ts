import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEmail } from '@common/orders';
import { apiGet } from '@/lib/api';

/** The owner of the outgoing e-mail cache key. */
export const emailsQueryKey = ['/api/admin/emails'] as const;

export const getOrderEmails = (orderId: number): Promise<OutboxEmail[]> => apiGet<OutboxEmail[]>(`/api/admin/emails?order_id=${orderId}`);

export const orderEmailsQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: [...emailsQueryKey, 'order', orderId], queryFn: () => getOrderEmails(orderId), refetchOnMount: 'always' });

export const useOrderEmails = (orderId: number | null) => useQuery({ ...orderEmailsQueryOptions(orderId ?? 0), enabled: orderId !== null });
