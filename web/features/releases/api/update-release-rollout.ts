import type { Release, ReleaseUpdate } from '@common/releases';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { useInvalidatingMutation } from '@/lib/mutations';
import { releasesQueryKey } from './get-releases';

export type RolloutAction = { id: number; change: ReleaseUpdate } | { id: number; pause: boolean };

/** PATCH /api/admin/releases/{id} (channel, rollout_percent), or POST …/rollout/pause and …/rollout/resume. */
export function updateReleaseRollout(action: RolloutAction): Promise<Release> {
  if ('change' in action) return apiJson<Release>('PATCH', `/api/admin/releases/${action.id}`, action.change);
  return apiJson<Release>('POST', `/api/admin/releases/${action.id}/rollout/${action.pause ? 'pause' : 'resume'}`);
}

// A channel change can move the plugin's current version.
export const useUpdateReleaseRollout = () => useInvalidatingMutation(updateReleaseRollout, [releasesQueryKey, adminPluginsQueryKey]);
