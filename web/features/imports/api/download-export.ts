import { apiRequest } from '@/lib/api';

/** GET /api/admin/export: this shop's plugins, tiers, customers, licences, sites, orders and release metadata, saved as a JSON file. */
export async function downloadShopExport(): Promise<void> {
  const response = await apiRequest('GET', '/api/admin/export');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'shop-export.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
