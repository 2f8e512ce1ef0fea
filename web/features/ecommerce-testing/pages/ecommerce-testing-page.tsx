import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function EcommerceTestingPage() {
  usePageMeta('E-commerce Testing Suite');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">E-commerce Testing Suite</h1>
    </div>
  );
}
