import { Link } from 'wouter';
import { FileText, ReceiptText } from 'lucide-react';
import type { Invoice } from '@common/invoices';
import { invoicePdfUrl } from '../api/get-invoices';
import { ACCOUNT_PAGES, type AccountOrder } from '@common/account';
import { formatMoney } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';

/** The customer's orders, newest first as the server sends them, each with its printable receipt and its invoice PDFs. */
export function AccountOrders({ orders, invoices = [] }: { orders: AccountOrder[]; invoices?: Invoice[] }) {
  if (orders.length === 0) return <p className="text-sm text-muted-foreground">No orders yet.</p>;
  // A list rather than a table: five columns do not fit a 390 px phone, and a row wraps here instead.
  return (
    <ul className="divide-y rounded-lg border bg-card">
      {orders.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="account-order">
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium">{order.plugin_name}</p>
            <p className="text-sm text-muted-foreground">
              Order {order.number} · {formatDate(order.date)}
            </p>
          </div>
          {/* Wraps on a phone: a receipt and an invoice or two beside the amount are wider than 360 px. */}
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-semibold">{formatMoney(order.amount, order.currency)}</span>
            <Badge variant={order.status === 'paid' ? 'success' : 'secondary'} className="capitalize">
              {order.status}
            </Badge>
            <Button asChild variant="outline" size="sm">
              <Link href={ACCOUNT_PAGES.receipt(order.id)} aria-label={`Receipt for order ${order.number}`}>
                <ReceiptText aria-hidden="true" />
                Receipt
              </Link>
            </Button>
            {invoices
              .filter((invoice) => invoice.order_id === order.id)
              .map((invoice) => (
                <Button key={invoice.id} asChild variant="outline" size="sm">
                  <a href={invoicePdfUrl(invoice.id)} download data-testid="account-invoice">
                    <FileText aria-hidden="true" />
                    {invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {invoice.number}
                  </a>
                </Button>
              ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
