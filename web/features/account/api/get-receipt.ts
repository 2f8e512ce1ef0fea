import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_API, type Receipt } from '@common/account';
import { apiGet } from '@/lib/api';
import { accountQueryKey } from './get-me';

/** GET /api/account/orders/{id}/receipt: 404 for an order that is not the customer's (or not paid). */
export const getReceipt = (orderId: number): Promise<Receipt> => apiGet<Receipt>(ACCOUNT_API.receipt(orderId));

export const receiptQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: [...accountQueryKey, 'receipt', orderId], queryFn: () => getReceipt(orderId) });

export const useReceipt = (orderId: number, enabled: boolean) => useQuery({ ...receiptQueryOptions(orderId), enabled });
