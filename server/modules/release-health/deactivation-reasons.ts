// Deactivation reasons (docs/releases.md, "Deactivation reasons"): when the vendor turns the survey on
// (Settings), the WordPress client asks why on deactivation and sends the answer here. Only activated sites,
// rate limited per IP, once per site and release (the release the site ran).
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { checkLicenseForSite } from '../licenses/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { findRelease, listReleaseLabels } from '../releases/index.js';
import type { DeactivationReasonReport, ReasonCount, ReleaseDeactivations } from '../../../common/release-health.js';
import { countDeactivationReasons, healthByRelease, insertDeactivationReason, listDeactivationDetails } from './release-health.repository.js';

export async function recordDeactivationReason(
  ctx: AppContext,
  slug: string,
  report: DeactivationReasonReport,
): Promise<{ recorded: boolean; detail: string }> {
  const plugin = await findPluginBySlug(ctx.db, slug);
  if (!plugin) throw new AppError('NOT_FOUND', `No plugin with the slug "${slug}"`);
  if (!ctx.settings.get('deactivation_survey_enabled')) {
    throw new AppError('CONFLICT', 'This shop does not collect deactivation reasons (Settings): nothing recorded');
  }
  const reasons = ctx.settings.get('deactivation_reasons');
  if (!reasons.includes(report.reason)) {
    throw new AppError('BAD_REQUEST', `reason must be one of the answers this shop offers: ${reasons.map((reason) => `"${reason}"`).join(', ')}`);
  }
  const check = await checkLicenseForSite(ctx.db, { key: report.license_key, siteUrl: report.site_url, pluginSlug: plugin.slug });
  if (!check.activation || !check.license) {
    throw new AppError('FORBIDDEN', `This site has no activation of a licence for ${plugin.name}: only activated sites send deactivation reasons`);
  }
  const release = await findRelease(ctx.db, plugin.slug, report.version);
  if (!release) throw new AppError('CONFLICT', `Version ${report.version} is not a release of ${plugin.name}: nothing recorded`);
  const stored = await insertDeactivationReason(ctx.db, {
    release_id: release.id,
    license_id: check.license.id,
    site_url: check.activation.site_url,
    reason: report.reason,
    details: report.details?.trim() ? report.details.trim() : null,
    created_at: nowIso(),
  });
  return stored
    ? { recorded: true, detail: 'Reason recorded' }
    : { recorded: false, detail: `This site already gave a reason on version ${report.version}: a site is counted once per release` };
}

/** The release page's deactivation reasons. */
export async function releaseDeactivations(ctx: AppContext, releaseId: number): Promise<ReleaseDeactivations> {
  const reasons = await countDeactivationReasons(ctx.db, { releaseId });
  return {
    deactivations: reasons.reduce((sum, row) => sum + row.sites, 0),
    reasons,
    recent_details: await listDeactivationDetails(ctx.db, releaseId),
  };
}

/** The dashboard's charts within [start, end): release health per release and deactivation reasons. */
export async function releaseHealthAnalytics(
  ctx: Pick<AppContext, 'db'>,
  start: string,
  end: string,
): Promise<{
  release_health: Array<{ plugin_slug: string; version: string; sites_updated: number; failures: number }>;
  deactivation_reasons: ReasonCount[];
}> {
  const [health, reasons] = await Promise.all([healthByRelease(ctx.db, start, end), countDeactivationReasons(ctx.db, { start, end })]);
  const labels = await listReleaseLabels(
    ctx.db,
    health.map((row) => row.releaseId),
  );
  return {
    release_health: health.flatMap((row) => {
      const label = labels.get(row.releaseId);
      return label ? [{ plugin_slug: label.plugin_slug, version: label.version, sites_updated: row.total, failures: row.failures }] : [];
    }),
    deactivation_reasons: reasons,
  };
}
