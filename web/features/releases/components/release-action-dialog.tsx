import type { Release } from '@common/releases';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useDeleteRelease } from '../api/delete-release';
import { useWithdrawRelease, useWithdrawWithRollback } from '../api/withdraw-release';
import { pluginLabel } from '../lib/release-labels';

export type ReleaseAction = { kind: 'withdraw' | 'delete'; release: Release };

const TEXT = {
  withdraw: {
    title: 'Withdraw Release',
    body: 'Sites are no longer offered this version and its download links stop working, including links already sent. The file is kept, and you can restore it later. To send the sites that installed it back, offer them the previous release: the WordPress client installs it, its signature checked.',
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
  const rollback = useWithdrawWithRollback();
  const remove = useDeleteRelease();
  const mutation = action?.kind === 'delete' ? remove : withdraw;
  const pending = mutation.isPending || rollback.isPending;
  const text = TEXT[action?.kind ?? 'withdraw'];

  const confirm = (offerPrevious = false) => {
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
    else if (offerPrevious)
      rollback.mutate(action.release.id, {
        ...options,
        onSuccess: () => {
          toast({ title: 'Release Withdrawn', description: `${name}: its sites are offered the previous release` });
          onOpenChange(false);
        },
      });
    else withdraw.mutate(action.release.id, options);
  };

  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={onOpenChange}
      title={text.title}
      description={
        <>
          <span className="font-medium">{action && `${pluginLabel(action.release.plugin_slug)} v${action.release.version}`}</span>: {text.body}
        </>
      }
      actions={
        action?.kind === 'withdraw' && (
          <Button variant="outline" onClick={() => confirm(true)} disabled={pending}>
            {rollback.isPending ? text.pending : 'Withdraw and offer previous release'}
          </Button>
        )
      }
      destructive
      pending={mutation.isPending}
      disabled={pending}
      pendingLabel={text.pending}
      confirmLabel={text.confirm}
      onConfirm={() => confirm()}
    />
  );
}
