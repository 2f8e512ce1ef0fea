import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@common/invoices';
import { apiGet } from '@/lib/api';
import { accountQueryKey } from './get-me';

/** GET /api/account/invoices: the invoices and credit notes of the customer's orders (docs/tax.md "Invoices"). */
export const getInvoices = async (): Promise<Invoice[]> => (await apiGet<{ invoices: Invoice[] }>('/api/account/invoices')).invoices;

/** Where a document's PDF downloads (a plain link: the session cookie goes with it). */
export const invoicePdfUrl = (id: number) => `/api/account/invoices/${id}/pdf`;

export const invoicesQueryOptions = () => queryOptions({ queryKey: [...accountQueryKey, 'invoices'], queryFn: getInvoices, refetchOnMount: 'always' });

export const useInvoices = (enabled: boolean) => useQuery({ ...invoicesQueryOptions(), enabled });
