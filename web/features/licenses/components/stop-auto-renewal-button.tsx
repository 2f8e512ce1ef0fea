import { useState } from 'react';
import type { License } from '@common/licenses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useStopAutoRenewal } from '../api/stop-auto-renewal';

/**
 * "Stop automatic renewal" and its confirmation, for a buyer who asks support to stop the charges (docs/pricing.md
 * "Automatic renewal"). Off only: the buyer turns it on again from their account. The button is the dialog's Radix
 * trigger, so Cancel returns the focus to it (as web/features/account/components/deactivate-site-button.tsx).
 */
export function StopAutoRenewalButton({ license }: { license: Pick<License, 'id' | 'key'> }) {
  const [open, setOpen] = useState(false);
  const stop = useStopAutoRenewal();
  const confirm = () =>
    stop.mutate(license.id, {
      onSuccess: () => {
        toast({ title: 'Automatic Renewal Stopped', description: `${license.key} is no longer charged at expiry.` });
        setOpen(false);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to stop automatic renewal'), variant: 'destructive' }),
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !stop.isPending && setOpen(next)}
      trigger={
        <Button size="sm" variant="outline" className="h-6 px-2 text-xs" data-testid="licence-stop-auto-renew">
          Stop automatic renewal
        </Button>
      }
      title="Stop automatic renewal?"
      description={
        <>
          The buyer&apos;s saved card is no longer charged when <span className="font-mono [overflow-wrap:anywhere]">{license.key}</span> expires; they can
          still renew by hand. Only the buyer can turn it on again, from their account.
        </>
      }
      destructive
      pending={stop.isPending}
      pendingLabel="Stopping..."
      confirmLabel="Stop automatic renewal"
      onConfirm={confirm}
    />
  );
}
