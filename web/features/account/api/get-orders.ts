import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountOrder } from '@common/account';
import { apiGet } from '@/lib/api';
import { accountQueryKey } from './get-me';

/** GET /api/account/orders: the customer's paid and refunded orders. */
export const getOrders = (): Promise<AccountOrder[]> => apiGet<AccountOrder[]>(ACCOUNT_API.orders);

export const ordersQueryOptions = () => queryOptions({ queryKey: [...accountQueryKey, 'orders'], queryFn: getOrders, refetchOnMount: 'always' });

export const useOrders = (enabled: boolean) => useQuery({ ...ordersQueryOptions(), enabled });
