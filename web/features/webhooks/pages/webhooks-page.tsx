import { RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import type { WebhookDelivery } from '@common/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable, STICKY_ACTIONS } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { PageHeader } from '@/components/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';

const statusVariant = { delivered: 'success', pending: 'secondary', sending: 'warning', failed: 'destructive' } as const;

/**
 * A time on two lines (date, then time): on one line each time took about 190 px, and with the 36-character event
 * id the table overflowed a 1280 px screen, where the sticky Actions column then covered the Created column.
 */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <>—</>;
  const [date, time] = formatDateTime(iso).split(', ');
  return (
    <>
      <span className="block whitespace-nowrap">{date}</span>
      <span className="block text-muted-foreground">{time}</span>
    </>
  );
}

function DeliveriesTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  const resend = useResendWebhookDelivery();
  return (
    <HeadedTable headings={['Event', 'Endpoint', 'Status', 'Last response', 'Next attempt', 'Created', STICKY_ACTIONS]}>
      {deliveries.map((delivery) => (
        <TableRow key={delivery.id} data-testid="webhook-delivery">
          <TableCell>
            <div className="font-mono text-xs">{delivery.event_type}</div>
            <div className="max-w-40 break-all font-mono text-xs text-muted-foreground">{delivery.event_id}</div>
          </TableCell>
          <TableCell className="min-w-36 max-w-56 break-all font-mono text-xs">{delivery.endpoint_url}</TableCell>
          <TableCell>
            <Badge variant={statusVariant[delivery.status]}>{delivery.status}</Badge>
            <div className="mt-1 whitespace-nowrap text-xs text-muted-foreground">
              {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
            </div>
          </TableCell>
          <TableCell title={delivery.last_error ?? undefined}>
            {delivery.last_status_code ?? (delivery.last_error ? 'no answer' : '—')}
            {delivery.last_error && delivery.last_status_code === null && (
              <div className="max-w-48 truncate text-xs text-muted-foreground">{delivery.last_error}</div>
            )}
          </TableCell>
          <TableCell className="text-xs">
            <When iso={delivery.next_attempt_at} />
          </TableCell>
          <TableCell className="text-xs">
            <When iso={delivery.created_at} />
          </TableCell>
          <TableCell className="sticky right-0 bg-card text-right">
            <Button
              size="sm"
              variant="outline"
              disabled={resend.isPending}
              aria-label={`Resend ${delivery.event_type} to ${delivery.endpoint_url} (delivery ${delivery.id})`}
              onClick={() =>
                resend.mutate(delivery.id, {
                  onSuccess: () => toast({ title: 'Event Queued Again', description: `${delivery.event_type} goes to ${delivery.endpoint_url} again.` }),
                  onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to resend'), variant: 'destructive' }),
                })
              }
            >
              <RotateCw /> Resend
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </HeadedTable>
  );
}

/** The outgoing webhook delivery log: the latest 200 deliveries, refreshed every 5 s. */
export function WebhooksPage() {
  usePageMeta('Webhooks');
  const deliveries = useWebhookDeliveries();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={
          <>
            Every event sent to your endpoints, with its attempts. Endpoints are managed in{' '}
            <Link href="/settings" className="underline">
              Settings
            </Link>
            .
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Delivery log</CardTitle>
          <CardDescription>
            Failed attempts are retried with growing waits (30 seconds up to 1 hour) for 24 hours; Resend queues the event again.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {deliveries.isLoading ? (
            <Skeleton className="h-48 w-full" />
          ) : deliveries.isError ? (
            <LoadErrorAlert title="Failed to load the delivery log" error={deliveries.error} />
          ) : deliveries.data && deliveries.data.length > 0 ? (
            <DeliveriesTable deliveries={deliveries.data} />
          ) : (
            <p className="text-sm text-muted-foreground">No webhook deliveries yet. Add an endpoint in Settings and send a test event.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
