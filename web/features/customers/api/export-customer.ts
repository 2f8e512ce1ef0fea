import type { CustomerExport } from '@common/customers';
import { apiGet } from '@/lib/api';

/** GET /api/admin/customers/{id}/export: everything held about the customer, saved by the browser as a JSON file. */
export async function downloadCustomerExport(id: number): Promise<void> {
  const data = await apiGet<CustomerExport>(`/api/admin/customers/${id}/export`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `customer-${id}.json`;
  link.click();
  URL.revokeObjectURL(url);
}
