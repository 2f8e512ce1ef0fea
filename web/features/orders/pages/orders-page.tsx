import { useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useOrders } from '../api/get-orders';
import { useUnmatchedPaymentEvents } from '../api/get-unmatched-payment-events';
import { useResendOrderEmail } from '../api/resend-order-email';
import { OrdersTable } from '../components/orders-table';
import { OrderEmailDialog } from '../components/order-email-dialog';
import { UnmatchedEventsCard } from '../components/unmatched-events-card';

/** Orders (beyond the specification): payments, their licences and the delivery of the licence e-mail. */
export function OrdersPage() {
  usePageMeta('Orders');
  const orders = useOrders();
  const unmatched = useUnmatchedPaymentEvents();
  const resend = useResendOrderEmail();
  const [viewing, setViewing] = useState<number | null>(null);

  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: ({ email }) =>
        toast(
          email.status === 'failed'
            ? { title: 'Email Failed', description: email.last_error ?? 'The e-mail could not be sent; it will be retried.', variant: 'destructive' }
            : { title: 'Email Sent', description: `The license e-mail for order #${id} was ${email.status === 'outbox' ? 'added to the outbox' : 'sent'}.` },
        ),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to resend the e-mail'), variant: 'destructive' }),
    });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Orders</h1>
        <p className="text-muted-foreground">Payments, the licences they issued and the licence e-mails.</p>
      </div>
      {unmatched.data && unmatched.data.length > 0 && <UnmatchedEventsCard events={unmatched.data} />}
      <Card>
        <CardContent className="pt-6">
          {orders.isPending && (
            <div className="space-y-2">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          )}
          {orders.isError && <p className="text-destructive">Failed to load orders. Please try again.</p>}
          {orders.data?.length === 0 && <p className="text-muted-foreground">No orders yet. Purchases from the storefront appear here.</p>}
          {orders.data && orders.data.length > 0 && (
            <OrdersTable orders={orders.data} resendingId={resend.isPending ? (resend.variables ?? null) : null} onResend={onResend} onViewEmail={setViewing} />
          )}
        </CardContent>
      </Card>
      <OrderEmailDialog orderId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
