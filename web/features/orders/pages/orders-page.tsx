import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function OrdersPage() {
  usePageMeta('Orders');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Orders</h1>
    </div>
  );
}
