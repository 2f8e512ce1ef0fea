import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountSite } from '@common/account';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api';
import { useSpelling } from '@/lib/brand';
import { toast } from '@/lib/use-toast';
import { useDeactivateSite } from '../api/deactivate-site';
import { licensesQueryKey } from '../api/get-licenses';

/**
 * "Deactivate" and its confirmation: the plugin on that site stops getting updates until it is activated again.
 * The button is the dialog's Radix trigger, so Cancel returns the focus to it.
 */
export function DeactivateSiteButton({ licenseId, site }: { licenseId: number; site: AccountSite }) {
  const [open, setOpen] = useState(false);
  const deactivate = useDeactivateSite();
  const queryClient = useQueryClient();
  const say = useSpelling();
  const confirm = () =>
    deactivate.mutate(
      { licenseId, activationId: site.id },
      {
        onSuccess: () => {
          toast({ title: 'Site Deactivated', description: say(`${site.site_url} no longer uses this licence.`) });
          setOpen(false);
        },
        onError: (error) => {
          // 404: the site is gone already (deactivated in another tab, or by the plugin itself). The customer wanted
          // it gone, so say that and show the sites as they are now, not "Site activation 12 was not found…".
          if (error instanceof ApiError && error.status === 404) {
            toast({ title: 'Site Already Deactivated', description: say(`${site.site_url} no longer uses this licence.`) });
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: licensesQueryKey });
            return;
          }
          toast({ title: 'Error', description: errorMessage(error, 'Failed to deactivate the site. Please try again.'), variant: 'destructive' });
        },
      },
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !deactivate.isPending && setOpen(next)}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Deactivate ${site.site_url}`}>
          Deactivate
        </Button>
      }
      title="Deactivate this site?"
      description={
        <>
          {say('The licence')} stops working on <span className="break-all font-mono">{site.site_url}</span>: the plugin there no longer receives updates, and
          its seat is free for another site. You can activate it again later with the same key.
        </>
      }
      destructive
      pending={deactivate.isPending}
      pendingLabel="Deactivating..."
      confirmLabel="Deactivate site"
      onConfirm={confirm}
    />
  );
}
