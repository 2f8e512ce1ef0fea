import { formatMoney } from '@common/pricing';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** What the dialog shows of the order being refunded (an order of the Orders page or of a customer's page). */
export interface RefundableOrder {
  id: number;
  amount: number;
  currency: string;
  provider: string;
  license_key: string | null;
}

const PROVIDERS: Record<string, string> = { stripe: 'Stripe', test: 'the test provider (no money moves)', lemonsqueezy: 'Lemon Squeezy' };

/**
 * The confirmation before a refund (issue 26; POST /api/admin/orders/{id}/refund). Full refunds only, and it says
 * so: the whole amount goes back, the licence stops working, the buyer is e-mailed.
 */
export function RefundOrderDialog(props: { order: RefundableOrder | null; pending: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  const order = props.order;
  const amount = order ? formatMoney(order.amount, order.currency) : '';
  return (
    <ConfirmDialog
      open={order !== null}
      onOpenChange={props.onOpenChange}
      title={`Refund Order${order ? ` #${order.id}` : ''}`}
      description={
        <div className="space-y-2">
          <p>
            Full refunds only: the whole <strong>{amount}</strong> goes back to the buyer through {order ? (PROVIDERS[order.provider] ?? order.provider) : ''}.
            Partial refunds are not offered here.
          </p>
          <p>
            {order?.license_key ? (
              <>
                The licence <span className="font-mono [overflow-wrap:anywhere]">{order.license_key}</span> is revoked and its sites deactivated.{' '}
              </>
            ) : null}
            The buyer gets an e-mail saying so. This cannot be undone.
          </p>
        </div>
      }
      confirmLabel={`Refund ${amount}`}
      pendingLabel="Refunding..."
      pending={props.pending}
      destructive
      onConfirm={props.onConfirm}
    />
  );
}
