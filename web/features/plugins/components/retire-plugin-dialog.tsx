import type { AdminPlugin } from '@common/plugins';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdatePlugin } from '@/lib/admin-plugins';

/** Confirms taking a plugin off sale; what its customers keep is said before the click. */
export function RetirePluginDialog({ plugin, onOpenChange }: { plugin: AdminPlugin | null; onOpenChange: (open: boolean) => void }) {
  const update = useUpdatePlugin();
  const confirm = () => {
    if (!plugin) return;
    update.mutate(
      { slug: plugin.slug, patch: { retired: true } },
      {
        onSuccess: () => {
          toast({ title: 'Plugin Retired', description: `${plugin.name} is no longer on sale.` });
          onOpenChange(false);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to retire plugin'), variant: 'destructive' }),
      },
    );
  };
  return (
    <ConfirmDialog
      open={plugin !== null}
      onOpenChange={onOpenChange}
      title="Retire Plugin"
      description={`${plugin?.name ?? ''} leaves the storefront, the catalogue and checkout. Its licences keep validating and receiving updates, and its releases and images are kept. You can put it back on sale at any time.`}
      confirmLabel="Retire Plugin"
      pendingLabel="Retiring..."
      pending={update.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
