import type { EcommerceOverall } from '@common/ecommerce-testing';
import { Card, CardContent } from '@/components/ui/card';

const STATS: Array<[keyof EcommerceOverall, string]> = [
  ['total_tests', 'Total Tests'],
  ['passed', 'Passed'],
  ['failed', 'Failed'],
  ['warnings', 'Warnings'],
  ['pass_rate', 'Pass Rate'],
];

export function OverallSummary({ overall }: { overall: EcommerceOverall }) {
  return (
    <div className="grid grid-cols-2 gap-4 sm:grid-cols-5" data-testid="ecommerce-summary">
      {STATS.map(([key, label]) => (
        <Card key={key} className="py-4">
          <CardContent>
            <div className="text-sm text-muted-foreground">{label}</div>
            <div className="text-2xl font-semibold" data-testid={`ecommerce-${key}`}>
              {overall[key]}
              {key === 'pass_rate' ? '%' : ''}
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
