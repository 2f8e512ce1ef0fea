import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invoice, TaxPeriodQuery, TaxReport } from '@common/invoices';
import { apiGet } from '@/lib/api';

const period = ({ from, to }: TaxPeriodQuery) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** GET /api/admin/tax/report: tax per country and rate for a period (docs/tax.md "The tax report"). */
export const getTaxReport = (query: TaxPeriodQuery): Promise<TaxReport> => apiGet<TaxReport>(`/api/admin/tax/report?${period(query)}`);
export const useTaxReport = (query: TaxPeriodQuery) =>
  useQuery({ queryKey: ['admin', 'tax-report', query], queryFn: () => getTaxReport(query), placeholderData: keepPreviousData });
export const taxReportCsvUrl = (query: TaxPeriodQuery) => `/api/admin/tax/report.csv?${period(query)}`;

/** GET /api/admin/invoices: the invoices and credit notes issued in the period. */
export const getInvoices = async (query: TaxPeriodQuery): Promise<Invoice[]> =>
  (await apiGet<{ invoices: Invoice[] }>(`/api/admin/invoices?${period(query)}`)).invoices;
export const useInvoices = (query: TaxPeriodQuery) =>
  useQuery({ queryKey: ['admin', 'invoices', query], queryFn: () => getInvoices(query), placeholderData: keepPreviousData });
export const adminInvoicePdfUrl = (id: number) => `/api/admin/invoices/${id}/pdf`;
