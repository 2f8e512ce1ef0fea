import { AlertTriangle } from 'lucide-react';
import type { PaymentEventRecord, UNMATCHED_OUTCOMES } from '@common/orders';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/dates';

// `satisfies`: a new unmatched outcome without a label here fails the typecheck.
const outcomeLabel: Record<string, string> = {
  unmapped_product: 'Product not mapped to a plugin',
  missing_email: 'No customer e-mail address',
  invalid_email: 'Customer e-mail is not one valid address',
  unknown_order: 'Order not known to this server',
  refund_pending: 'Refund received before its order; applied when the order arrives',
  license_revoked: 'Renewal or upgrade paid for a licence revoked meanwhile: refund it',
  variant_mismatch: 'Lemon Squeezy variant paid is not the tier its checkout named: check the order',
  unknown_license: 'Lemon Squeezy renewal of a licence not of that tier: renew by hand or refund',
  order_cancelled: 'Paid for an order cancelled before the payment arrived: refund it',
} satisfies Record<(typeof UNMATCHED_OUTCOMES)[number], string>;

/** Provider events that issued no licence, so a payment is never silently left without one. */
export function UnmatchedEventsCard({ events }: { events: PaymentEventRecord[] }) {
  return (
    <Card className="border-amber-300" data-testid="unmatched-events">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertTriangle className="h-5 w-5 text-amber-600" aria-hidden />
          Payment events without a license ({events.length})
        </CardTitle>
        <CardDescription>
          Stripe or Lemon Squeezy reported these, but no license was issued or changed. Map the product to a plugin in Plugin Settings, or create the license by
          hand on the Licenses page.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <HeadedTable headings={['Received', 'Provider', 'Event', 'Reason', 'Details']}>
          {events.map((event) => (
            <TableRow key={event.id}>
              <TableCell className="whitespace-nowrap">{formatDateTime(event.created_at)}</TableCell>
              <TableCell>{event.provider}</TableCell>
              <TableCell className="font-mono text-xs">{event.event_id}</TableCell>
              <TableCell>{outcomeLabel[event.outcome] ?? event.outcome}</TableCell>
              <TableCell className="text-xs text-muted-foreground">{event.note ?? '—'}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
      </CardContent>
    </Card>
  );
}
