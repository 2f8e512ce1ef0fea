import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function ReleasesPage() {
  usePageMeta('Releases');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Releases</h1>
    </div>
  );
}
