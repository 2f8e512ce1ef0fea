import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useActivities } from '../api/get-activities';
import { activityText, relativeTime } from '../lib/activity-text';

export function RecentActivity() {
  const { data, isPending, isError, error } = useActivities();
  return (
    // min-w-0: a grid item is otherwise as wide as its longest line, and a truncated one (an order's e-mail
    // address) would widen the page past a 390 px phone instead of ending in an ellipsis.
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Latest licence, release and plugin events</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <ul className="space-y-4">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex items-center gap-3" data-testid="activity-skeleton">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <p className="text-sm text-destructive">{errorMessage(error, 'Failed to load recent activity')}</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recent activity</p>
        ) : (
          <ul className="divide-y" aria-label="Recent activity">
            {data.map((activity) => {
              const { title, secondary } = activityText(activity);
              return (
                <li key={activity.id} className="flex items-start justify-between gap-4 py-3 first:pt-0">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{title}</p>
                    {secondary && <p className="truncate font-mono text-xs text-muted-foreground">{secondary}</p>}
                  </div>
                  <time dateTime={activity.created_at} className="shrink-0 text-xs text-muted-foreground">
                    {relativeTime(activity.created_at)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
