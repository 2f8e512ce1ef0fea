import type { SaleStatus } from '@common/sale-status';
import { Badge } from '@/components/ui/badge';

/** "On sale", or "Not on sale" with the reasons below it (the storefront's and checkout's own rule). */
export function SaleStatusBadge({ status, className }: { status: SaleStatus | undefined; className?: string }) {
  if (!status) return null;
  if (status.on_sale)
    return (
      <Badge variant="success" className={className}>
        On sale
      </Badge>
    );
  return (
    <div className={className}>
      <Badge variant="outline" title={status.reasons.join('; ')}>
        Not on sale
      </Badge>
      <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground">
        {status.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
