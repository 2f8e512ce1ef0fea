import type { License } from '@common/licenses';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
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
    <AlertDialog open={license !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke License</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to revoke <span className="font-mono">{license?.key}</span>? Every site using it is deactivated. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking...' : 'Revoke License'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
