import type { EcommerceTestResult, EcommerceTestStatus } from '@common/ecommerce-testing';
import { Badge } from '@/components/ui/badge';

const badge: Record<EcommerceTestStatus, { label: string; variant: 'success' | 'destructive' | 'warning' }> = {
  pass: { label: 'PASS', variant: 'success' },
  fail: { label: 'FAIL', variant: 'destructive' },
  warning: { label: 'WARNING', variant: 'warning' },
};

export function ResultRows({ rows }: { rows: EcommerceTestResult[] }) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No tests run yet</p>;
  return (
    <ul className="divide-y rounded-md border">
      {rows.map((row, position) => (
        <li key={`${row.test_name}-${position}`} className="flex items-start justify-between gap-4 p-3" data-testid="ecommerce-result-row">
          <div className="min-w-0">
            <div className="font-medium">{row.test_name}</div>
            <div className="text-sm break-words text-muted-foreground">{row.message}</div>
          </div>
          <Badge variant={badge[row.status].variant}>{badge[row.status].label}</Badge>
        </li>
      ))}
    </ul>
  );
}
