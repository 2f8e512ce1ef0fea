import type { ReactNode } from 'react';
import type { CustomerDetail } from '@common/customers';
import { formatMoney } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/dates';

const label = (type: string) => type.replaceAll('_', ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The customer's orders; `actions` adds per-order buttons (Refund). */
export function CustomerOrders({ orders, actions }: { orders: CustomerDetail['orders']; actions?: (order: CustomerDetail['orders'][number]) => ReactNode }) {
  if (orders.length === 0) return <p className="text-muted-foreground">No orders.</p>;
  return (
    <HeadedTable
      headings={['Order', 'Plugin', { label: 'Amount', className: 'text-right' }, 'Status', 'Date', actions && { label: 'Actions', className: 'text-right' }]}
    >
      {orders.map((order) => (
        <TableRow key={order.id} data-testid="customer-order">
          <TableCell>#{order.id}</TableCell>
          <TableCell>{order.plugin_slug}</TableCell>
          <TableCell className="text-right">{formatMoney(order.amount, order.currency)}</TableCell>
          <TableCell>
            <Badge variant={order.status === 'paid' ? 'default' : 'secondary'}>{order.status}</Badge>
          </TableCell>
          <TableCell>{formatDateTime(order.paid_at ?? order.created_at)}</TableCell>
          {actions && <TableCell className="text-right">{actions(order)}</TableCell>}
        </TableRow>
      ))}
    </HeadedTable>
  );
}

export function CustomerEmails({ emails }: { emails: CustomerDetail['emails'] }) {
  if (emails.length === 0) return <p className="text-muted-foreground">No e-mails sent to this address.</p>;
  return (
    <ul className="space-y-2">
      {emails.map((email) => (
        <li key={email.id} data-testid="customer-email">
          <details className="rounded-md border p-3">
            <summary className="cursor-pointer text-sm">
              <span className="font-medium">{email.subject || '(written when sent)'}</span> · {email.kind} · {email.status} · {formatDateTime(email.created_at)}
            </summary>
            <pre className="mt-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{email.text}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

export function CustomerTimeline({ timeline }: { timeline: CustomerDetail['timeline'] }) {
  if (timeline.length === 0) return <p className="text-muted-foreground">No activity recorded.</p>;
  return (
    <ol className="space-y-2">
      {timeline.map((entry) => {
        const detail = ['site_url', 'license_key', 'to', 'from', 'order_id'].flatMap((field) =>
          typeof entry.details[field] === 'string' || typeof entry.details[field] === 'number'
            ? [`${field.replace('_', ' ')}: ${String(entry.details[field])}`]
            : [],
        );
        return (
          <li key={entry.id} className="text-sm" data-testid="customer-event" data-type={entry.action_type}>
            <span className="font-medium">{label(entry.action_type)}</span>
            <span className="text-muted-foreground"> · {formatDateTime(entry.created_at)}</span>
            {detail.length > 0 && <div className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{detail.join(' · ')}</div>}
          </li>
        );
      })}
    </ol>
  );
}
