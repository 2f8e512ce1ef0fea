import { usePageMeta } from '@/lib/page-meta';

// Placeholder: the licences issue fills in the stat cards, activity and quick actions.
export function DashboardPage() {
  usePageMeta('Dashboard');
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <p className="text-muted-foreground">Welcome to the product Licensing Dashboard</p>
    </div>
  );
}
