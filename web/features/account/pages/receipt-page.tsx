import { Link, Redirect, useParams } from 'wouter';
import { ArrowLeft, Printer, SearchX } from 'lucide-react';
import { ACCOUNT_PAGES } from '@common/account';
import { licenceWord } from '@common/store-terms';
import { formatMoney } from '@common/pricing';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { useStoreIdentity } from '@/lib/brand';
import { useMe } from '../api/get-me';
import { useReceipt } from '../api/get-receipt';
import { formatDate } from '@/lib/dates';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { MissingItem } from '@/components/missing-item';

function BackToAccount() {
  return (
    <Link href={ACCOUNT_PAGES.account} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden">
      <ArrowLeft className="size-4" aria-hidden="true" /> Back to your account
    </Link>
  );
}

function ReceiptNotFound() {
  return (
    <MissingItem icon={SearchX} className="max-w-md gap-4" title="Receipt not found" text="There is no paid order with this number on your account.">
      <BackToAccount />
    </MissingItem>
  );
}

/** /account/orders/{id}/receipt: a printable receipt; the site header and footer are hidden in print. */
export function ReceiptPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const id = /^\d{1,10}$/.test(orderId) ? Number(orderId) : 0;
  const me = useMe();
  const receipt = useReceipt(id, Boolean(me.data) && id > 0);
  const identity = useStoreIdentity();
  usePageMeta(receipt.data ? `Receipt ${receipt.data.number}` : 'Receipt');

  if (me.isPending)
    return (
      <div className="flex justify-center p-16">
        <Spinner />
      </div>
    );
  const unauthorised = receipt.error instanceof ApiError && receipt.error.status === 401;
  if (!me.data || unauthorised) return <Redirect to={ACCOUNT_PAGES.signIn} replace />;
  // Another customer's order, a pending one and a malformed number all read the same: not found.
  if (id === 0 || (receipt.error instanceof ApiError && receipt.error.status === 404)) return <ReceiptNotFound />;
  if (receipt.isPending)
    return (
      <div className="flex justify-center p-16">
        <Spinner />
      </div>
    );
  if (receipt.isError) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-12">
        <h1 className="text-2xl font-bold">Receipt</h1>
        <LoadErrorAlert title="Failed to load the receipt" error={receipt.error} fallback="Please reload the page to try again." />
      </div>
    );
  }

  const data = receipt.data;
  const amount = formatMoney(data.amount, data.currency);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-12 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackToAccount />
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <article className="space-y-8 rounded-xl border bg-card p-6 sm:p-10 print:border-0 print:p-0" aria-labelledby="receipt-title" data-testid="receipt">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 id="receipt-title" className="text-3xl font-bold">
              Receipt
            </h1>
            <p className="text-muted-foreground" data-testid="receipt-seller">
              {data.seller_name}
            </p>
          </div>
          <dl className="text-sm sm:text-right">
            <dt className="text-muted-foreground">Order number</dt>
            <dd className="font-medium" data-testid="receipt-number">
              {data.number}
            </dd>
            <dt className="mt-2 text-muted-foreground">Date</dt>
            <dd className="font-medium" data-testid="receipt-date">
              {formatDate(data.date)}
            </dd>
          </dl>
        </header>
        <div className="text-sm">
          <p className="text-muted-foreground">Billed to</p>
          <p className="break-all font-medium">{data.buyer_email}</p>
        </div>
        <table className="w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b">
              <td className="py-3" data-testid="receipt-item">
                {data.item.plugin_name}{' '}
                <span className="text-muted-foreground">
                  ({data.item.plan_name} {licenceWord(identity.spelling)})
                </span>
              </td>
              <td className="py-3 text-right">{data.coupon ? formatMoney(data.amount + data.coupon.discount, data.currency) : amount}</td>
            </tr>
            {data.coupon && (
              <tr className="border-b" data-testid="receipt-coupon">
                <td className="py-3">Coupon {data.coupon.code}</td>
                <td className="py-3 text-right">−{formatMoney(data.coupon.discount, data.currency)}</td>
              </tr>
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-3 text-left">
                Total paid
              </th>
              <td className="py-3 text-right text-lg font-semibold" data-testid="receipt-amount">
                {amount}
              </td>
            </tr>
          </tfoot>
        </table>
        {data.status === 'refunded' && <p className="text-sm font-medium text-destructive">This order was refunded.</p>}
        <p className="text-sm text-muted-foreground" data-testid="receipt-vat">
          {data.vat_note}
        </p>
      </article>
    </div>
  );
}
