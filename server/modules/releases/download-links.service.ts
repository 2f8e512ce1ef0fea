import type { AppContext } from '../../kernel/context.js';
import { downloadSecret, signDownloadToken } from './download-token.service.js';
import { nowIso } from '../../lib/time.js';
import { findLatestRelease, markReleaseOffered, type ReleaseRow } from './releases.repository.js';

/** The public file name of a release download: `{slug}-{version}.zip`. */
export const downloadFileName = (release: Pick<ReleaseRow, 'plugin_slug' | 'version'>): string => `${release.plugin_slug}-${release.version}.zip`;

/** A signed, expiring download URL for one release, entitled by one licence. */
export function downloadUrlForRelease(ctx: AppContext, release: ReleaseRow, licenseId: number, ttlSeconds: number, baseUrl: string): string {
  const token = signDownloadToken(downloadSecret(ctx), {
    licenseId,
    releaseId: release.id,
    expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
  });
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/downloads/${token}/${encodeURIComponent(downloadFileName(release))}`;
}

/**
 * The signed URL for the plugin's latest release (highest version not withdrawn), or null when it has none
 * (used by the licence e-mail). The release is marked offered: it can no longer be deleted, only withdrawn.
 */
export async function createDownloadUrl(
  ctx: AppContext,
  input: { licenseId: number; pluginSlug: string; ttlSeconds: number; baseUrl: string },
): Promise<string | null> {
  return (await createDownloadLink(ctx, input))?.url ?? null;
}

/** createDownloadUrl with the release's version and the link's expiry (the customer account answers both). */
export async function createDownloadLink(
  ctx: AppContext,
  input: { licenseId: number; pluginSlug: string; ttlSeconds: number; baseUrl: string },
): Promise<{ url: string; version: string; expiresAt: string } | null> {
  const release = await findLatestRelease(ctx.db, input.pluginSlug);
  if (!release) return null;
  if (!release.offered_at) await markReleaseOffered(ctx.db, release.id, nowIso());
  // The token's expiry is in whole seconds from its signing, a moment later: never earlier than this.
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + input.ttlSeconds) * 1000).toISOString();
  return { url: downloadUrlForRelease(ctx, release, input.licenseId, input.ttlSeconds, input.baseUrl), version: release.version, expiresAt };
}
