import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function LicensesPage() {
  usePageMeta('Licenses');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Licenses</h1>
    </div>
  );
}
