import { lazy, Suspense, useEffect, useState } from 'react';
import type { AnalyticsWindow } from '@common/dashboard';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useAnalytics } from '../api/get-analytics';

// The charts (recharts, about 100 kB gzipped) are their own chunk: the dashboard paints its cards first,
// then this module asks for the chunk (after paint, in parallel with the data), so no public page and not
// even the dashboard's first paint carries the chart library (docs/dashboard.md).
const loadCharts = () => import('./analytics-charts');
const AnalyticsCharts = lazy(() => loadCharts().then((m) => ({ default: m.AnalyticsCharts })));
// common/dashboard.ts's ANALYTICS_WINDOWS, repeated: importing a value from it would bring zod into this chunk.
const WINDOWS: readonly AnalyticsWindow[] = [30, 90];

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="analytics-skeleton" aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-64 w-full" />
      ))}
    </div>
  );
}

export function AnalyticsSection() {
  const [days, setDays] = useState<AnalyticsWindow>(30);
  const { data, isPending, isError, error, isPlaceholderData } = useAnalytics(days);
  useEffect(() => {
    void loadCharts();
  }, []);
  return (
    <section aria-labelledby="analytics-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="analytics-title" className="text-xl font-semibold">
            Analytics
          </h2>
          <p className="text-sm text-muted-foreground">Sales, licences and sites per day (UTC), and what sites run now</p>
        </div>
        <div role="group" aria-label="Period" className="flex gap-2">
          {WINDOWS.map((window) => (
            <Button key={window} size="sm" variant={days === window ? 'default' : 'outline'} aria-pressed={days === window} onClick={() => setDays(window)}>
              {window} days
            </Button>
          ))}
        </div>
      </div>
      {isPending ? (
        <ChartsSkeleton />
      ) : isError ? (
        <Card>
          <CardHeader>
            <CardTitle>Analytics</CardTitle>
            <CardDescription className="text-destructive">{errorMessage(error, 'Failed to load analytics')}</CardDescription>
          </CardHeader>
          <CardContent />
        </Card>
      ) : (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <Suspense fallback={<ChartsSkeleton />}>
            <AnalyticsCharts analytics={data} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
