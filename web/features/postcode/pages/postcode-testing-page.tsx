import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function PostcodeTestingPage() {
  usePageMeta('Postcode Delivery Zones Test Suite');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Postcode Delivery Zones Test Suite</h1>
    </div>
  );
}
