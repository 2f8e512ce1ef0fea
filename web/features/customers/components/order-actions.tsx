import { useState } from 'react';
import type { CustomerDetail } from '@common/customers';
import { RefundOrderDialog } from '@/components/refund-order-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useRefundCustomerOrder } from '../api/refund-customer-order';
import { useResendCustomerOrderEmail } from '../api/resend-customer-order-email';
import { ConfirmDialog } from '@/components/confirm-dialog';

type Order = CustomerDetail['orders'][number];

/** Resend (the licence e-mail) and Refund (full refunds only) for one paid order of the customer; both confirmed. */
export function OrderActions({ order }: { order: Order }) {
  const [open, setOpen] = useState<'refund' | 'resend' | null>(null);
  const refund = useRefundCustomerOrder();
  const resend = useResendCustomerOrderEmail();
  const failed = (fallback: string) => (error: unknown) => toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
  if (order.status !== 'paid') return null;
  return (
    <div className="flex flex-col items-end gap-2 whitespace-nowrap">
      <Button variant="outline" size="sm" onClick={() => setOpen('resend')} aria-label={`Resend e-mail of order ${order.id}`}>
        Resend e-mail
      </Button>
      <Button variant="outline" size="sm" onClick={() => setOpen('refund')} aria-label={`Refund order ${order.id}`}>
        Refund
      </Button>
      <ConfirmDialog
        open={open === 'resend'}
        onOpenChange={(value) => !value && setOpen(null)}
        title="Resend Licence E-mail"
        description={<>Send the licence e-mail of order #{order.id} to the customer again, with a fresh download link?</>}
        confirmLabel="Send"
        pendingLabel="Sending..."
        pending={resend.isPending}
        onConfirm={() =>
          resend.mutate(order.id, {
            onSuccess: () => {
              toast({ title: 'Licence E-mail Sent', description: `The licence e-mail of order #${order.id} is on its way.` });
              setOpen(null);
            },
            onError: failed('Failed to resend the licence e-mail'),
          })
        }
      />
      <RefundOrderDialog
        order={open === 'refund' ? order : null}
        pending={refund.isPending}
        onOpenChange={(value) => !value && setOpen(null)}
        onConfirm={() =>
          refund.mutate(order.id, {
            onSuccess: () => {
              toast({ title: 'Order Refunded', description: `Order #${order.id} was refunded in full; the buyer gets an e-mail.` });
              setOpen(null);
            },
            onError: failed('Failed to refund the order'),
          })
        }
      />
    </div>
  );
}
