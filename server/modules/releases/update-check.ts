import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { checkLicenceForSite } from '../licences/licence-access.js';
import { findPluginBySlug } from '../plugins/plugins.repository.js';
import type { UpdateCheckResponse } from '../../../common/releases.js';
import { DEFAULT_DOWNLOAD_TTL_SECONDS } from './download-token.js';
import { downloadUrlForRelease } from './download-links.js';
import { listReleases, type ReleaseRow } from './releases.repository.js';

export interface UpdateCheckInput {
  slug: string;
  licenseKey?: string;
  siteUrl?: string;
  baseUrl: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The changelog section: one heading per release, newest first, notes as escaped paragraphs. */
export function buildChangelog(releases: ReleaseRow[]): string {
  return releases
    .map((release) => {
      const paragraphs = release.notes.trim()
        ? release.notes.trim().split(/\n\s*\n/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')
        : '<p>No release notes provided</p>';
      return `<h4>${escapeHtml(release.version)} (${release.created_at.slice(0, 10)})</h4>\n${paragraphs}`;
    })
    .join('\n');
}

/**
 * Update metadata in plugin-update-checker's format for the plugin's newest release. `download_url` is
 * present only when the licence is valid and active on the asking site.
 */
export async function checkForUpdate(ctx: AppContext, input: UpdateCheckInput): Promise<UpdateCheckResponse> {
  const plugin = await findPluginBySlug(ctx.db, input.slug);
  if (!plugin) throw new AppError('NOT_FOUND', `No plugin with the slug "${input.slug}"`);
  const releases = await listReleases(ctx.db, plugin.slug);
  const newest = releases[0];
  if (!newest) throw new AppError('NOT_FOUND', `${plugin.name} has no release yet`);

  let downloadUrl: string | undefined;
  if (input.licenseKey?.trim() && input.siteUrl?.trim()) {
    const check = await checkLicenceForSite(ctx.db, { key: input.licenseKey, siteUrl: input.siteUrl, pluginSlug: plugin.slug });
    if (check.valid && check.licence) {
      downloadUrl = downloadUrlForRelease(ctx, newest, check.licence.id, DEFAULT_DOWNLOAD_TTL_SECONDS, input.baseUrl);
    }
  }
  return {
    name: plugin.name,
    slug: plugin.slug,
    version: newest.version,
    ...(downloadUrl ? { download_url: downloadUrl } : {}),
    homepage: plugin.homepage ?? `${input.baseUrl}/plugin/${plugin.slug}`,
    requires: plugin.requires_wp,
    tested: plugin.tested_wp,
    requires_php: plugin.requires_php,
    last_updated: newest.created_at,
    sections: { description: `<p>${escapeHtml(plugin.description)}</p>`, changelog: buildChangelog(releases) },
    banners: {},
    icons: {},
  };
}
