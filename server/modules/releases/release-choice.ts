// Which release an update check offers a site (docs/releases.md, "Channels and staged rollouts"). Pure: it reads
// only the plugin's release rows, which the update check has already loaded, so the choice costs no query.
import { createHash } from 'node:crypto';
import type { ReleaseChannel } from '../../../common/channels.js';
import { compareVersions } from '../../../common/versions.js';

/** Buckets a site falls into per release: 10,000, so a percentage is met to a hundredth of a point. */
export const ROLLOUT_BUCKETS = 10_000;

export interface ChoosableRelease {
  id: number;
  version: string;
  channel: string;
  rollout_percent: number;
  rollout_paused_at: string | null;
  withdrawn_at: string | null;
}

/**
 * The site's bucket for a release, 0 to 9,999: the first 32 bits of SHA-256 over the release id and the
 * normalised site address. The same site and release always land in the same bucket (a site's answer never
 * flips between checks, on any instance), and each release draws its own sites, so the first 10 % of one
 * rollout are not always the first 10 % of the next.
 */
export function rolloutBucket(releaseId: number, site: string): number {
  return createHash('sha256').update(`${releaseId}\n${site}`).digest().readUInt32BE(0) % ROLLOUT_BUCKETS;
}

/** Whether the rollout includes the site: always at 100 %, never while paused, else by its bucket (no site known: no). */
export function isInRollout(release: Pick<ChoosableRelease, 'id' | 'rollout_percent' | 'rollout_paused_at'>, site: string | null): boolean {
  if (release.rollout_paused_at) return false;
  if (release.rollout_percent >= 100) return true;
  if (!site || release.rollout_percent <= 0) return false;
  return rolloutBucket(release.id, site) < release.rollout_percent * (ROLLOUT_BUCKETS / 100);
}

/**
 * The release offered to a site: the highest version that is not withdrawn, whose channel the site follows
 * (stable sites get stable releases, beta sites both) and whose rollout includes the site. Sites outside a
 * rollout thus get the release before it, as they did before it was uploaded.
 */
export function chooseRelease<T extends ChoosableRelease>(releases: readonly T[], channel: ReleaseChannel, site: string | null): T | null {
  let best: T | null = null;
  for (const release of releases) {
    if (release.withdrawn_at) continue;
    if (release.channel === 'beta' && channel !== 'beta') continue;
    if (best && compareVersions(release.version, best.version) <= 0) continue;
    if (!isInRollout(release, site)) continue;
    best = release;
  }
  return best;
}
