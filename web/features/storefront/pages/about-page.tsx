import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function AboutPage() {
  usePageMeta('About');
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-12">
      <h1 className="text-2xl font-bold">About</h1>
    </div>
  );
}
