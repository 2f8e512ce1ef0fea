import type { AppContext } from '../../kernel/context.js';
import { renewPath } from '../../../common/renewals.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { checkLicenseForSite, recordSiteReport } from '../licenses/index.js';
import type { SiteReport } from '../../../common/site-report.js';
import { findPluginBySlug } from '../plugins/index.js';
import type { PackageWithheldCode, UpdateCheckResponse } from '../../../common/releases.js';
import { compareVersions } from '../../../common/versions.js';
import type { ReleaseChannel } from '../../../common/channels.js';
import { chooseRelease } from './release-choice.js';
import { DEFAULT_DOWNLOAD_TTL_SECONDS } from './download-token.service.js';
import { downloadUrlForRelease } from './download-links.service.js';
import { findPluginArtwork } from './plugin-artwork.js';
import { escapeHtml } from '../../lib/html.js';
import { cutSection, readmeSectionToHtml, textAsHtml, versionText } from './readme-html.js';
import { AUTHOR_MAX_CHARS, CHANGELOG_HTML_MAX_CHARS, CHANGELOG_MAX_CHARS, UPGRADE_NOTICE_MAX_CHARS } from './plugin-zip.js';
import { findReleaseChangelog, listReleases, markReleaseOffered, type ReleaseRow } from './releases.repository.js';

export interface UpdateCheckInput {
  slug: string;
  licenseKey?: string;
  siteUrl?: string;
  baseUrl: string;
  /** The versions the site sent: recorded on its activation for the dashboard, never decides anything. */
  report?: SiteReport;
  /** beta when the site opted into beta releases; its licence may be on beta too (docs/releases.md, "Channels"). */
  channel?: ReleaseChannel;
}

/** The changelog from release notes: one heading per release, newest first, notes as escaped paragraphs. */
export function buildChangelog(releases: ReleaseRow[]): string {
  return releases
    .map((release) => {
      const paragraphs = release.notes.trim()
        ? release.notes
            .trim()
            .split(/\n\s*\n/)
            .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
            .join('\n')
        : '<p>No release notes provided</p>';
      return `<h4>${escapeHtml(release.version)} (${release.created_at.slice(0, 10)})</h4>\n${paragraphs}`;
    })
    .join('\n');
}

/** The releases whose notes the changelog may show: not withdrawn, of the offered one's channel or stable, none above it. */
const offeredReleases = (releases: ReleaseRow[], offered: ReleaseRow): ReleaseRow[] =>
  releases.filter(
    (release) =>
      !release.withdrawn_at && (release.channel === 'stable' || offered.channel === 'beta') && compareVersions(release.version, offered.version) <= 0,
  );

/**
 * The answer's changelog: the HTML made at upload; for a changelog stored before migration 0018, its text
 * converted now (cut first, as uploads are); without a readme changelog, the release notes.
 */
async function changelogHtml(ctx: AppContext, latest: ReleaseRow, releases: ReleaseRow[]): Promise<string> {
  const stored = await findReleaseChangelog(ctx.db, latest.id);
  if (stored?.html) return stored.html;
  if (stored?.changelog) return readmeSectionToHtml(cutSection(stored.changelog, CHANGELOG_MAX_CHARS), CHANGELOG_HTML_MAX_CHARS);
  return buildChangelog([...releases].sort((a, b) => compareVersions(b.version, a.version)));
}

/**
 * The release the site runs when the vendor withdrew it offering the release before it (`rollback_at`), and
 * the offered release is lower: the site should go back (docs/releases.md, "Rollback"). From the rows already
 * read: no query.
 */
export function rolledBackRelease(releases: readonly ReleaseRow[], offered: ReleaseRow, installedVersion: string | null): ReleaseRow | null {
  if (!installedVersion || compareVersions(offered.version, installedVersion) >= 0) return null;
  return releases.find((release) => release.version === installedVersion && release.withdrawn_at && release.rollback_at) ?? null;
}

const WITHHELD_MESSAGES: Record<PackageWithheldCode, string> = {
  license_required: 'Enter a valid licence key for this plugin to receive updates.',
  license_expired: 'Your licence has expired: renew it to receive updates.',
  license_revoked: 'Your licence has been revoked: contact the vendor to receive updates.',
  site_inactive: 'Your licence is not activated on this site: activate it to receive updates.',
};

/** Why no package: from the licence check's code (unknown key, other plugin or none sent → licence required). */
function withheldCode(code: string | null): PackageWithheldCode {
  if (code === 'EXPIRED') return 'license_expired';
  if (code === 'REVOKED') return 'license_revoked';
  if (code === 'SITE_INACTIVE') return 'site_inactive';
  return 'license_required';
}

/**
 * Update metadata in plugin-update-checker's format for the release offered to the site: the highest version
 * not withdrawn that its channel allows and whose rollout includes it (release-choice.ts). `download_url` is present only when the licence is valid and active on the asking site;
 * otherwise `package_withheld` says why. A release answered with a download_url is marked offered.
 */
export async function checkForUpdate(ctx: AppContext, input: UpdateCheckInput): Promise<UpdateCheckResponse> {
  const plugin = await findPluginBySlug(ctx.db, input.slug);
  if (!plugin) throw new AppError('NOT_FOUND', `No plugin with the slug "${input.slug}"`);
  const releases = await listReleases(ctx.db, plugin.slug);
  const check =
    input.licenseKey?.trim() && input.siteUrl?.trim()
      ? await checkLicenseForSite(ctx.db, { key: input.licenseKey, siteUrl: input.siteUrl, pluginSlug: plugin.slug })
      : null;
  // The channel and the rollout come from rows already read (the releases, the licence): no extra query.
  const channel = input.channel === 'beta' || (check?.license?.plugin_slug === plugin.slug && check.license.channel === 'beta') ? 'beta' : 'stable';
  const latest = chooseRelease(releases, channel, check?.activation?.site_url ?? null);
  if (!latest) {
    const none = releases.every((release) => release.withdrawn_at);
    throw new AppError('NOT_FOUND', none ? `${plugin.name} has no release yet` : `${plugin.name} has no release offered to this site yet`);
  }

  let downloadUrl: string | undefined;
  let rollback: UpdateCheckResponse['rollback'];
  const code: string | null = check?.code ?? null;
  if (check?.valid && check.license) {
    if (check.activation && input.report) await recordSiteReport(ctx.db, check.activation, input.report);
    downloadUrl = downloadUrlForRelease(ctx, latest, check.license.id, DEFAULT_DOWNLOAD_TTL_SECONDS, input.baseUrl);
    if (!latest.offered_at) await markReleaseOffered(ctx.db, latest.id, nowIso());
    const withdrawn = rolledBackRelease(releases, latest, input.report?.installed_version ?? check.activation?.installed_version ?? null);
    if (withdrawn) rollback = { version: latest.version, withdrawn_version: withdrawn.version, package: downloadUrl, signature: latest.signature };
  }
  const withheld = withheldCode(code);
  const artwork = await findPluginArtwork(ctx.db, plugin.slug, input.baseUrl);
  return {
    name: plugin.name,
    slug: plugin.slug,
    version: latest.version,
    ...(downloadUrl
      ? { download_url: downloadUrl }
      : {
          package_withheld: {
            code: withheld,
            message: WITHHELD_MESSAGES[withheld],
            // The renewal page for this licence (docs/pricing.md "Renewals"); the account page when there is no licence row.
            ...(withheld === 'license_expired' && {
              renew_url: check?.license ? `${input.baseUrl}${renewPath(check.license.key)}` : `${input.baseUrl}/account`,
            }),
          },
        }),
    homepage: plugin.homepage ?? `${input.baseUrl}/plugin/${plugin.slug}`,
    // Plain text only (docs/releases.md): WordPress prints these fields as HTML.
    requires: versionText(latest.requires_wp ?? plugin.requires_wp),
    tested: versionText(latest.tested_wp ?? plugin.tested_wp),
    requires_php: versionText(latest.requires_php ?? plugin.requires_php),
    last_updated: latest.created_at,
    sections: {
      description: `<p>${escapeHtml(plugin.description)}</p>`,
      // The readme's own changelog when the zip has one; otherwise the release notes, newest version first.
      changelog: await changelogHtml(ctx, latest, offeredReleases(releases, latest)),
    },
    banners: artwork.banners,
    icons: artwork.icons,
    ...(latest.author ? { author: textAsHtml(latest.author, AUTHOR_MAX_CHARS) } : {}),
    ...(latest.upgrade_notice ? { upgrade_notice: textAsHtml(latest.upgrade_notice, UPGRADE_NOTICE_MAX_CHARS) } : {}),
    ...(rollback ? { rollback } : {}),
    // Only licensed sites may answer (the endpoint refuses others); the Settings are cached, no query.
    ...(downloadUrl && ctx.settings.get('deactivation_survey_enabled') ? { deactivation_survey: { reasons: ctx.settings.get('deactivation_reasons') } } : {}),
  };
}
