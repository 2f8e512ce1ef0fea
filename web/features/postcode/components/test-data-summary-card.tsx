import type { TestDataSummary } from '@common/postcode';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTestDataSummary } from '../api/test-data-summary';

const LABELS: Array<[keyof TestDataSummary, string]> = [
  ['area_rules', 'Area rules'],
  ['sector_rules', 'Sector rules'],
  ['full_rules', 'Full postcode rules'],
  ['blacklist_rules', 'Blacklist rules'],
  ['sector_pricing_entries', 'Sector pricing entries'],
];

export function TestDataSummaryCard() {
  const summary = useTestDataSummary();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test Data Summary</CardTitle>
      </CardHeader>
      <CardContent>
        {summary.isError ? (
          <p className="text-sm text-destructive">Failed to load the test data summary</p>
        ) : (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="test-data-summary">
            {LABELS.map(([key, label]) => (
              <div key={key}>
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-semibold" data-testid={`summary-${key}`}>
                  {summary.data ? summary.data.data.summary[key] : <Skeleton className="h-8 w-10" />}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
