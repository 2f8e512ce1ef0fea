import { Ban, Mail, RotateCcw, Send } from 'lucide-react';
import type { Order } from '@common/orders';
import { formatMoney } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/dates';
import { HeadedTable, STICKY_ACTIONS } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';

const statusVariant = { paid: 'success', pending: 'secondary', refunded: 'destructive', cancelled: 'outline' } as const;
const emailVariant = (status: Order['email_status']) =>
  status === 'failed' ? 'destructive' : status === 'sent' || status === 'outbox' ? 'outline' : 'secondary';

export function OrdersTable({
  orders,
  resendingId,
  onResend,
  onViewEmail,
  onRefund,
  onCancel,
}: {
  orders: Order[];
  resendingId: number | null;
  onResend: (id: number) => void;
  onViewEmail: (id: number) => void;
  /** Opens the refund confirmation (full refunds only) for a paid order. */
  onRefund: (order: Order) => void;
  /** Opens the confirmation to cancel an order still waiting for payment. */
  onCancel: (order: Order) => void;
}) {
  return (
    <HeadedTable headings={['Order', 'Email', 'Plugin', 'Amount', 'Status', 'License Key', 'Email Delivery', STICKY_ACTIONS]}>
      {orders.map((order) => (
        <TableRow key={order.id} data-testid="order-row">
          <TableCell>
            <div className="font-medium">#{order.id}</div>
            <div className="text-xs text-muted-foreground">
              {formatDateTime(order.created_at)} · {order.provider}
            </div>
          </TableCell>
          <TableCell>{order.email}</TableCell>
          <TableCell>
            {order.plugin_name}
            {/* What was bought and why (docs/pricing.md): the kind unless a new sale, and the tier with its term. */}
            <div className="text-xs text-muted-foreground" data-testid="order-kind">
              {order.kind !== 'new' && <span className="font-medium capitalize text-foreground">{order.kind} · </span>}
              {order.tier ? `${order.tier.name} (${order.tier.term === 'lifetime' ? 'lifetime' : `per ${order.tier.term}`})` : ''}
            </div>
          </TableCell>
          <TableCell>
            {formatMoney(order.amount, order.currency)}
            {order.coupon_code && (
              <div className="whitespace-nowrap text-xs text-muted-foreground" data-testid="order-coupon">
                {order.coupon_code} −{formatMoney(order.discount_amount, order.currency)}
              </div>
            )}
          </TableCell>
          <TableCell>
            <Badge variant={statusVariant[order.status]}>{order.status}</Badge>
            {/* The buyer's declared country, IP country and card country disagree (docs/tax.md): for the vendor's review. */}
            {order.tax_evidence === 'conflict' && (
              <Badge
                variant="warning"
                className="mt-1 block w-fit whitespace-nowrap"
                data-testid="order-evidence-conflict"
                title="The declared country, the IP address's country and the card's country disagree"
              >
                Country conflict
              </Badge>
            )}
          </TableCell>
          <TableCell className="font-mono text-xs">{order.license_key ?? '—'}</TableCell>
          <TableCell>
            <Badge variant={emailVariant(order.email_status)}>{order.email_status}</Badge>
          </TableCell>
          <TableCell className="sticky right-0 bg-card">
            {/* Stacked, so the table fits beside the sidebar on a laptop screen. */}
            <div className="flex flex-col items-end gap-2 whitespace-nowrap">
              <Button size="sm" variant="outline" onClick={() => onViewEmail(order.id)} aria-label={`View Email of order ${order.id}`}>
                <Mail /> View Email
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={order.status !== 'paid' || resendingId === order.id}
                onClick={() => onResend(order.id)}
                aria-label={`${resendingId === order.id ? 'Sending...' : 'Resend Email'} of order ${order.id}`}
              >
                <Send /> {resendingId === order.id ? 'Sending...' : 'Resend Email'}
              </Button>
              {order.status === 'paid' && (
                <Button size="sm" variant="outline" onClick={() => onRefund(order)} aria-label={`Refund order ${order.id}`}>
                  <RotateCcw /> Refund
                </Button>
              )}
              {order.status === 'pending' && (
                <Button size="sm" variant="outline" onClick={() => onCancel(order)} aria-label={`Cancel order ${order.id}`}>
                  <Ban /> Cancel Order
                </Button>
              )}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </HeadedTable>
  );
}
