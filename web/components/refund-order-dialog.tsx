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

/** Another paid order of the same licence (a renewal, its first order), offered to be refunded with it. */
export interface RelatedRefundableOrder {
  id: number;
  amount: number;
  currency: string;
  kind: string;
  paid_at: string | null;
}

const PROVIDERS: Record<string, string> = { stripe: 'Stripe', test: 'the test provider (no money moves)', lemonsqueezy: 'Lemon Squeezy' };

/**
 * The confirmation before a refund (issue 26; POST /api/admin/orders/{id}/refund). Full refunds only, and it says
 * so: the whole amount goes back, the licence stops working, the buyer is e-mailed.
 */
export function RefundOrderDialog(props: {
  order: RefundableOrder | null;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** The licence's other paid orders (issue 37): each can be ticked to be refunded together with this one. */
  related?: RelatedRefundableOrder[];
  alsoRefund?: number[];
  onAlsoRefundChange?: (ids: number[]) => void;
}) {
  const order = props.order;
  const chosen = (props.related ?? []).filter((other) => props.alsoRefund?.includes(other.id));
  const total = order ? chosen.reduce((sum, other) => sum + other.amount, order.amount) : 0;
  const amount = order ? formatMoney(total, order.currency) : '';
  const toggle = (id: number, on: boolean) => {
    const current = props.alsoRefund ?? [];
    props.onAlsoRefundChange?.(on ? [...current, id] : current.filter((other) => other !== id));
  };
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
          {props.related && props.related.length > 0 && (
            <fieldset className="space-y-1" data-testid="refund-related">
              <legend className="font-medium text-foreground">Other paid orders of this licence</legend>
              {props.related.map((other) => (
                <label key={other.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={props.alsoRefund?.includes(other.id) ?? false}
                    onChange={(event) => toggle(other.id, event.target.checked)}
                  />
                  Also refund order #{other.id} ({other.kind}, {formatMoney(other.amount, other.currency)}
                  {other.paid_at ? `, paid ${other.paid_at.slice(0, 10)}` : ''})
                </label>
              ))}
            </fieldset>
          )}
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
