import { useState, type FormEvent } from 'react';
import { Pause, Play } from 'lucide-react';
import type { Release } from '@common/releases';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateReleaseRollout, type RolloutAction } from '../api/update-release-rollout';

/** A release's channel and rollout on its card: the share of sites, pause or resume, and why it is paused. */
export function ReleaseRollout({ release }: { release: Release }) {
  const [percent, setPercent] = useState(String(release.rollout_percent));
  const update = useUpdateReleaseRollout();
  const run = (action: RolloutAction, done: string) =>
    update.mutate(action, {
      onSuccess: () => toast({ title: 'Release Updated', description: done }),
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to update the rollout'), variant: 'destructive' }),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({ id: release.id, change: { rollout_percent: Number(percent) } }, `v${release.version} now reaches ${percent}% of sites`);
  };
  if (release.withdrawn_at) return null;
  const paused = release.rollout_paused_at !== null;
  return (
    <div className="space-y-2 rounded-md border p-2 text-xs" data-testid="release-rollout">
      <div className="flex items-center justify-between gap-2">
        <span>
          {release.channel === 'beta' ? 'Beta channel' : 'Stable channel'} · {paused ? 'rollout paused' : `${release.rollout_percent}% of sites`}
        </span>
        <Button
          variant="ghost"
          size="sm"
          disabled={update.isPending}
          onClick={() => run({ id: release.id, change: { channel: release.channel === 'beta' ? 'stable' : 'beta' } }, 'Channel changed')}
        >
          Move to {release.channel === 'beta' ? 'stable' : 'beta'}
        </Button>
      </div>
      {paused && release.rollout_pause_reason && (
        <p className="text-destructive" data-testid="rollout-pause-reason">
          {release.rollout_pause_reason}
        </p>
      )}
      <form className="flex items-center gap-2" onSubmit={submit}>
        <Input
          aria-label={`Rollout percentage of v${release.version}`}
          className="h-8 w-20"
          inputMode="numeric"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
        />
        <Button type="submit" variant="outline" size="sm" disabled={update.isPending}>
          Set %
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => run({ id: release.id, pause: !paused }, paused ? 'Rollout resumed' : 'Rollout paused')}
        >
          {paused ? <Play /> : <Pause />}
          {paused ? 'Resume' : 'Pause'}
        </Button>
      </form>
    </div>
  );
}
