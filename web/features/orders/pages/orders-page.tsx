import { useDeferredValue, useState } from 'react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useOrders } from '../api/get-orders';
import { useUnmatchedPaymentEvents } from '../api/get-unmatched-payment-events';
import type { Order } from '@common/orders';
import { RefundOrderDialog } from '@/components/refund-order-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SearchBox } from '@/components/list-filters';
import { Pager } from '@/components/pager';
import { useCursorPages } from '@/lib/cursor-pages';
import { CheckboxField } from '@/components/form-field';
import { useCancelOrder } from '../api/cancel-order';
import { useRefundOrder } from '../api/refund-order';
import { useRelatedOrders } from '../api/get-related-orders';
import { useResendOrderEmail } from '../api/resend-order-email';
import { OrdersTable } from '../components/orders-table';
import { OrderEmailDialog } from '../components/order-email-dialog';
import { UnmatchedEventsCard } from '../components/unmatched-events-card';

/** Orders (beyond the specification): payments, their licences and the delivery of the licence e-mail. */
export function OrdersPage() {
  usePageMeta('Orders');
  // The page shown and, for the one after or before it, its keyset cursor (as cheap deep in a big shop). A change of
  // filter starts again at the first page.
  const { at, setPage, onPage } = useCursorPages();
  const [filter, setFilter] = useState({ search: '', includeAbandoned: false, evidenceConflict: false });
  const refilter = (change: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const { search, includeAbandoned, evidenceConflict } = filter;
  // The list follows the typing without a request per keystroke waiting in line.
  const orders = useOrders({ ...at, search: useDeferredValue(search), includeAbandoned, evidenceConflict });
  const list = orders.data;
  const filtered = search.trim() !== '' || includeAbandoned || evidenceConflict;
  const unmatched = useUnmatchedPaymentEvents();
  const resend = useResendOrderEmail();
  const [viewing, setViewing] = useState<number | null>(null);
  const refund = useRefundOrder();
  const [refunding, setRefunding] = useState<Order | null>(null);
  const related = useRelatedOrders(refunding?.id ?? null);
  const [alsoRefund, setAlsoRefund] = useState<number[]>([]);
  const openRefund = (order: Order | null) => {
    setAlsoRefund([]);
    setRefunding(order);
  };
  const onRefund = () => {
    if (!refunding) return;
    refund.mutate(
      { orderId: refunding.id, alsoRefund },
      {
        onSuccess: (order) => {
          const others = alsoRefund.length > 0 ? ` with ${alsoRefund.map((id) => `#${id}`).join(', ')}` : '';
          toast({ title: 'Order Refunded', description: `Order #${order.id} was refunded in full${others}; the buyer gets an e-mail.` });
          openRefund(null);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to refund the order'), variant: 'destructive' }),
      },
    );
  };

  const cancel = useCancelOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const onCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: (order) => {
        toast({ title: 'Order Cancelled', description: `Order #${order.id} was cancelled; a payment for it can no longer be completed.` });
        setCancelling(null);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to cancel the order'), variant: 'destructive' }),
    });
  };

  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: ({ email }) =>
        toast(
          email.status === 'failed'
            ? { title: 'Email Failed', description: email.last_error ?? 'The e-mail could not be sent; it will be retried.', variant: 'destructive' }
            : email.status === 'held'
              ? { title: 'Email Held', description: `The license e-mail for order #${id} waits in the outbox until you set your shop's address.` }
              : { title: 'Email Sent', description: `The license e-mail for order #${id} was ${email.status === 'outbox' ? 'added to the outbox' : 'sent'}.` },
        ),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to resend the e-mail'), variant: 'destructive' }),
    });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Orders</h1>
        <p className="text-muted-foreground">
          Payments, the licences they issued and the licence e-mails. Checkouts left unpaid for a day are hidden unless you show them.
        </p>
        <p className="text-sm text-muted-foreground">
          Every e-mail the shop sends, sign-in links included, is in the{' '}
          <Link href="/outbox" className="font-medium text-foreground underline underline-offset-4">
            Outbox
          </Link>
          .
        </p>
      </div>
      {unmatched.data && unmatched.data.length > 0 && <UnmatchedEventsCard events={unmatched.data} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox
          type="search"
          label="Search orders"
          placeholder="Search by order number, e-mail or license key..."
          value={search}
          onChange={(value) => refilter({ search: value })}
          maxLength={200}
        />
        <CheckboxField checked={includeAbandoned} onChange={(value) => refilter({ includeAbandoned: value })} label="Show abandoned checkouts" />
        {/* Orders whose declared, IP and card countries disagree (docs/tax.md "Location evidence"). */}
        <CheckboxField
          checked={evidenceConflict}
          onChange={(value) => refilter({ evidenceConflict: value })}
          testId="orders-evidence-conflict"
          label="Only country conflicts"
        />
      </div>
      <Card>
        <CardContent className="pt-6">
          {orders.isPending && <RowsSkeleton />}
          {orders.isError && <p className="text-destructive">Failed to load orders. Please try again.</p>}
          {list?.orders.length === 0 && list.page === 1 && (
            <p className="text-muted-foreground">{filtered ? 'No orders match this search.' : 'No orders yet. Purchases from the storefront appear here.'}</p>
          )}
          {list && (list.orders.length > 0 || list.page > 1) && (
            <div className="space-y-4">
              <OrdersTable
                orders={list.orders}
                resendingId={resend.isPending ? (resend.variables ?? null) : null}
                onResend={onResend}
                onViewEmail={setViewing}
                onRefund={openRefund}
                onCancel={setCancelling}
              />
              <Pager label="Order pages" testId="orders-range" list={list} shown={list.orders.length} onPage={onPage(list)} />
            </div>
          )}
        </CardContent>
      </Card>
      <OrderEmailDialog orderId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={`Cancel Order${cancelling ? ` #${cancelling.id}` : ''}`}
        description={
          <p>
            The checkout of {cancelling?.email} waiting for payment is cancelled: no licence is issued for it and the buyer can no longer complete it. A payment
            that still arrives is listed here for you to refund.
          </p>
        }
        confirmLabel="Cancel Order"
        pendingLabel="Cancelling..."
        pending={cancel.isPending}
        destructive
        onConfirm={onCancel}
      />
      <RefundOrderDialog
        order={refunding}
        pending={refund.isPending}
        onOpenChange={(open) => !open && openRefund(null)}
        onConfirm={onRefund}
        related={related.data}
        alsoRefund={alsoRefund}
        onAlsoRefundChange={setAlsoRefund}
      />
    </div>
  );
}
