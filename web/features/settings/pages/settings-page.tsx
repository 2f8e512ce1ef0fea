import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the owning issue replaces this page.
export function SettingsPage() {
  usePageMeta('Settings');
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Settings</h1>
    </div>
  );
}
