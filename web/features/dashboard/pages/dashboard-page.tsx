import { usePageMeta } from '@/lib/page-meta';
import { AnalyticsSection } from '../components/analytics-section';
import { QuickActions } from '../components/quick-actions';
import { RecentActivity } from '../components/recent-activity';
import { SetupChecklistCard } from '../components/setup-checklist-card';
import { StatCards } from '../components/stat-cards';

export function DashboardPage() {
  usePageMeta('Dashboard', 'Licences, site activations and recent activity at a glance.');
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="text-muted-foreground">Welcome to the product Licensing Dashboard</p>
      </div>
      <SetupChecklistCard />
      <StatCards />
      <div className="grid gap-4 lg:grid-cols-3">
        <RecentActivity />
        <QuickActions />
      </div>
      <AnalyticsSection />
    </div>
  );
}
