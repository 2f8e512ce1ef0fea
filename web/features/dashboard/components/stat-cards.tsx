import type { ReactNode } from 'react';
import { Activity, Key, Package, ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useStats } from '../api/get-stats';

function StatCard({
  title,
  icon,
  hint,
  value,
  state,
}: {
  title: string;
  icon: ReactNode;
  hint: string;
  value: ReactNode;
  state: 'loading' | 'error' | 'ready';
}) {
  return (
    <Card data-testid="stat-card">
      <CardHeader className="flex flex-row items-center justify-between space-y-0">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4">{icon}</span>
      </CardHeader>
      <CardContent>
        {state === 'loading' ? (
          <Skeleton className="h-8 w-20" data-testid="stat-skeleton" />
        ) : state === 'error' ? (
          <p className="text-sm text-destructive">Failed to load statistics</p>
        ) : (
          <div className="text-2xl font-bold" aria-label={title}>
            {value}
          </div>
        )}
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

export function StatCards() {
  const { data, isPending, isError } = useStats();
  const state = isPending ? 'loading' : isError ? 'error' : 'ready';
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard title="Total Licenses" icon={<Key />} hint="All licence keys issued" value={data?.totalLicenses} state={state} />
      <StatCard title="Active Licenses" icon={<ShieldCheck />} hint="Currently active" value={data?.activeLicenses} state={state} />
      <StatCard title="Site Activations" icon={<Activity />} hint="Total site activations" value={data?.totalActivations} state={state} />
      <StatCard
        title="Latest Version"
        icon={<Package />}
        hint="Current plugin version"
        value={data?.latestVersion ? `v${data.latestVersion}` : '—'}
        state={state}
      />
    </div>
  );
}
