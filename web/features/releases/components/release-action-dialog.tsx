import type { Release } from '@common/releases';
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
import { useDeleteRelease } from '../api/delete-release';
import { useWithdrawRelease } from '../api/withdraw-release';
import { pluginLabel } from '../lib/release-labels';

export type ReleaseAction = { kind: 'withdraw' | 'delete'; release: Release };

const TEXT = {
  withdraw: {
    title: 'Withdraw Release',
    body: 'Sites are no longer offered this version and its download links stop working, including links already sent. The file is kept, and you can restore it later.',
    confirm: 'Withdraw Release',
    pending: 'Withdrawing...',
    done: 'Release Withdrawn',
    failed: 'Failed to withdraw release',
  },
  delete: {
    title: 'Delete Release',
    body: 'No site was ever offered this version, so it can be removed with its file. This cannot be undone.',
    confirm: 'Delete Release',
    pending: 'Deleting...',
    done: 'Release Deleted',
    failed: 'Failed to delete release',
  },
} as const;

/** Confirms withdrawing or deleting a release. */
export function ReleaseActionDialog({ action, onOpenChange }: { action: ReleaseAction | null; onOpenChange: (open: boolean) => void }) {
  const withdraw = useWithdrawRelease();
  const remove = useDeleteRelease();
  const mutation = action?.kind === 'delete' ? remove : withdraw;
  const text = TEXT[action?.kind ?? 'withdraw'];

  const confirm = () => {
    if (!action) return;
    const name = `${pluginLabel(action.release.plugin_slug)} v${action.release.version}`;
    const options = {
      onSuccess: () => {
        toast({ title: text.done, description: name });
        onOpenChange(false);
      },
      onError: (error: unknown) => toast({ title: 'Error', description: errorMessage(error, text.failed), variant: 'destructive' }),
    };
    if (action.kind === 'delete') remove.mutate(action.release.id, options);
    else withdraw.mutate(action.release.id, options);
  };

  return (
    <AlertDialog open={action !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{text.title}</AlertDialogTitle>
          <AlertDialogDescription>
            <span className="font-medium">{action && `${pluginLabel(action.release.plugin_slug)} v${action.release.version}`}</span>: {text.body}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={mutation.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={mutation.isPending}>
            {mutation.isPending ? text.pending : text.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
