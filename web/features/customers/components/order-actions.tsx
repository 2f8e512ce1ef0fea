import { useState } from 'react';
import type { CustomerDetail } from '@common/customers';
import { RefundOrderDialog } from '@/components/refund-order-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useRefundCustomerOrder } from '../api/refund-customer-order';

type Order = CustomerDetail['orders'][number];

/** Refund (full refunds only, confirmed) for one paid order of the customer. */
export function OrderActions({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundCustomerOrder();
  if (order.status !== 'paid') return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Refund order ${order.id}`}>
        Refund
      </Button>
      <RefundOrderDialog
        order={open ? order : null}
        pending={refund.isPending}
        onOpenChange={setOpen}
        onConfirm={() =>
          refund.mutate(order.id, {
            onSuccess: () => {
              toast({ title: 'Order Refunded', description: `Order #${order.id} was refunded in full; the buyer gets an e-mail.` });
              setOpen(false);
            },
            onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to refund the order'), variant: 'destructive' }),
          })
        }
      />
    </>
  );
}
