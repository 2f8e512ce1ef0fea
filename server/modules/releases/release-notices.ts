import type { Release } from '../../../common/releases.js';
import { compareVersions, latestRelease } from '../../../common/versions.js';
import { toRelease, type ReleaseRow } from './releases.repository.js';

/**
 * What the admin should know about a release beside its fields. A beta below the plugin's latest stable
 * release is allowed (a fix tried on beta after a stable went out) but reaches nobody: beta sites are offered
 * the highest version of both channels.
 */
export function releaseNotice(release: ReleaseRow, pluginReleases: readonly ReleaseRow[]): string | null {
  if (release.channel !== 'beta' || release.withdrawn_at) return null;
  const stable = latestRelease(pluginReleases.filter((other) => other.plugin_slug === release.plugin_slug));
  if (!stable || compareVersions(release.version, stable.version) >= 0) return null;
  return `Beta ${release.version} is below the latest stable release ${stable.version}: sites on beta are offered ${stable.version} until a higher beta or stable release is published`;
}

/** Rows as the admin API answers them, each with its notice (rows: every release of the plugins listed). */
export const toReleasesWithNotices = (rows: readonly ReleaseRow[]): Release[] => rows.map((row) => toRelease(row, releaseNotice(row, rows)));
