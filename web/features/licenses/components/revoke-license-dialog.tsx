import type { License } from '@common/licenses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useRevokeLicense } from '../api/revoke-license';

export function RevokeLicenseDialog({ license, onOpenChange }: { license: License | null; onOpenChange: (open: boolean) => void }) {
  const revoke = useRevokeLicense();
  const confirm = () => {
    if (!license) return;
    revoke.mutate(license.id, {
      onSuccess: () => {
        toast({ title: 'License Revoked', description: license.key });
        onOpenChange(false);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to revoke license'), variant: 'destructive' }),
    });
  };
  return (
    <ConfirmDialog
      open={license !== null}
      onOpenChange={onOpenChange}
      title="Revoke License"
      description={
        <>
          Are you sure you want to revoke <span className="font-mono">{license?.key}</span>? Every site using it is deactivated. This cannot be undone.
        </>
      }
      confirmLabel="Revoke License"
      pendingLabel="Revoking..."
      pending={revoke.isPending}
      destructive
      onConfirm={confirm}
    />
  );
}
