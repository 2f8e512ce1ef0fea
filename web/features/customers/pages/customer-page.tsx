import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { useCustomer } from '../api/get-customer';
import { formatTotalPaid } from '../components/customer-money';
import { CustomerLicenses } from '../components/customer-licenses';
import { CustomerNote } from '../components/customer-note';
import { CustomerActions } from '../components/customer-actions';
import { LicenseActions } from '../components/license-actions';
import { OrderActions } from '../components/order-actions';
import { CustomerEmails, CustomerOrders, CustomerTimeline } from '../components/customer-activity';

/** One customer (issue 27): orders, licences and sites, e-mails sent to them (tokens masked), timeline, private note. */
export function CustomerPage() {
  usePageMeta('Customer');
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const customer = useCustomer(id);
  const data = customer.data;
  return (
    <div className="space-y-6">
      <Link href="/customers" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Customers
      </Link>
      {customer.isPending && <RowsSkeleton />}
      {customer.isError && (
        <p className="text-destructive">
          {customer.error instanceof ApiError && customer.error.status === 404
            ? 'This customer was not found.'
            : 'Failed to load the customer. Please try again.'}
        </p>
      )}
      {data && (
        <>
          <div>
            <h1 className="text-2xl font-bold [overflow-wrap:anywhere]" data-testid="customer-email-heading">
              {data.email}
            </h1>
            <p className="text-muted-foreground">
              {data.name ? `${data.name} · ` : ''}
              {data.order_count} {data.order_count === 1 ? 'order' : 'orders'} · {data.license_count} {data.license_count === 1 ? 'licence' : 'licences'} · paid{' '}
              {formatTotalPaid(data.total_paid, data.currency)}
              {data.first_purchase_at ? ` · customer since ${formatDate(data.first_purchase_at)}` : ''}
            </p>
          </div>
          <CustomerActions customer={data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <Card>
                <CardHeader>
                  <CardTitle>Licences</CardTitle>
                </CardHeader>
                <CardContent>
                  <CustomerLicenses licenses={data.licenses} actions={(license) => <LicenseActions customerId={data.id} license={license} />} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Orders</CardTitle>
                </CardHeader>
                <CardContent>
                  <CustomerOrders orders={data.orders} actions={(order) => <OrderActions order={order} />} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>E-mails</CardTitle>
                </CardHeader>
                <CardContent>
                  <CustomerEmails emails={data.emails} />
                </CardContent>
              </Card>
            </div>
            <div className="space-y-6">
              <Card>
                <CardHeader>
                  <CardTitle>Note</CardTitle>
                </CardHeader>
                <CardContent>
                  <CustomerNote key={`${data.id}:${data.note}:${data.name ?? ''}`} customer={data} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Timeline</CardTitle>
                </CardHeader>
                <CardContent>
                  <CustomerTimeline timeline={data.timeline} />
                </CardContent>
              </Card>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
