import { Badge } from '@/components/ui/badge';

export function SuiteSummary({ total, passed, failed, passRate }: { total: number; passed: number; failed: number; passRate: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="suite-summary">
      <span>Total: {total}</span>
      <span>Passed: {passed}</span>
      <span>Failed: {failed}</span>
      <Badge variant={failed === 0 ? 'success' : 'destructive'}>Pass rate: {passRate}%</Badge>
    </div>
  );
}

export const PassBadge = ({ isPass }: { isPass: boolean }) => <Badge variant={isPass ? 'success' : 'destructive'}>{isPass ? 'PASS' : 'FAIL'}</Badge>;
