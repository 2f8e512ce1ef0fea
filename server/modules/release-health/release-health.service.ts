// Release health (docs/releases.md, "Release health and the automatic halt"): what sites report after updating,
// counted once per release and site, and the halt that pauses a rollout whose failures pass the vendor's threshold.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { mailFrom, queueEmail } from '../email/index.js';
import { mailSender } from '../storefront/index.js';
import { unitOfWork } from '../../kernel/events.js';
import { checkLicenseForSite } from '../licenses/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { findRelease, findReleaseById, haltRollout, isInRollout, lockRelease, releaseEventData, type ReleaseEventData } from '../releases/index.js';
import type { HealthReport, ReleaseHealth } from '../../../common/release-health.js';
import { countHealthReports, countHealthReportsByLicense, insertHealthReport, listRecentFailures } from './release-health.repository.js';
import { releaseDeactivations } from './deactivation-reasons.js';

// The event this module emits when it halts a rollout (server/kernel/events.ts; docs/webhooks.md).
declare module '../../kernel/events.js' {
  interface AppEvents {
    'release.rollout_paused': ReleaseEventData & {
      reason: string;
      sites_updated: number;
      failures: number;
      licenses_updated: number;
      failing_licenses: number;
    };
  }
}

export interface HaltRule {
  failurePercent: number;
  minSites: number;
  minFailingLicenses: number;
}

/**
 * Whether failures pass the rule, counted in licences (each once, docs/releases.md): more than `failurePercent` %
 * of at least `minSites` updated licences, and failing on at least `minFailingLicenses` distinct licences.
 */
export const passesHaltRule = (counts: { total: number; failures: number }, rule: HaltRule): boolean =>
  counts.total >= rule.minSites && counts.failures >= rule.minFailingLicenses && counts.failures * 100 > rule.failurePercent * counts.total;

const NO_SEAT_DETAIL = 'This site takes no seat (a local or staging site): its report does not count toward the release health';

const alertAddress = (ctx: AppContext): string => {
  const configured = ctx.settings.get('rollout_alert_email');
  if (configured) return configured;
  // Else the shop's own sender: MAIL_FROM's address, or the store's support address (server/modules/email).
  const from = mailFrom(ctx.config.MAIL_FROM, mailSender(ctx.settings));
  return typeof from === 'string' ? (/<([^>]+)>/.exec(from)?.[1] ?? from) : from.address;
};

/**
 * Records a site's report on a release it was offered, once per release and site, and halts the rollout in
 * the same transaction when the failures pass the vendor's threshold. Refuses (4xx) a site without an
 * activation of a licence for the plugin and a release the site was never offered.
 */
export async function recordHealthReport(ctx: AppContext, slug: string, report: HealthReport): Promise<{ recorded: boolean; detail: string }> {
  const plugin = await findPluginBySlug(ctx.db, slug);
  if (!plugin) throw new AppError('NOT_FOUND', `No plugin with the slug "${slug}"`);
  const check = await checkLicenseForSite(ctx.db, { key: report.license_key, siteUrl: report.site_url, pluginSlug: plugin.slug });
  if (!check.activation || !check.license) {
    throw new AppError('FORBIDDEN', `This site has no activation of a licence for ${plugin.name}: only activated sites report on updates`);
  }
  const site = check.activation.site_url;
  // Only real installs count: a site that takes no seat costs nothing to add, so its reports could halt (or
  // dilute) any rollout. It is answered, not refused, so the WordPress client does not retry.
  if (check.activation.is_local === 1) return { recorded: false, detail: NO_SEAT_DETAIL };
  const release = await findRelease(ctx.db, plugin.slug, report.version);
  // Offered to this site: offered at all, on a channel the site could follow, and inside its rollout (a pause
  // stops new offers, not the reports of sites that updated before it).
  const wasOffered = release && release.offered_at && isInRollout({ ...release, rollout_paused_at: null }, site);
  if (!release || !wasOffered) throw new AppError('CONFLICT', `Version ${report.version} of ${plugin.name} was never offered to this site: nothing recorded`);

  const at = nowIso();
  const rule: HaltRule = {
    failurePercent: ctx.settings.get('rollout_halt_failure_percent'),
    minSites: ctx.settings.get('rollout_halt_min_sites'),
    minFailingLicenses: ctx.settings.get('rollout_halt_min_failing_licenses'),
  };
  // The report, and when it tips the rule the pause, its activity entry, webhook and e-mail: one unit of work.
  const stored = await unitOfWork(ctx, async (unit) => {
    const { trx, emit } = unit;
    await lockRelease(trx, release.id);
    const inserted = await insertHealthReport(trx, {
      release_id: release.id,
      license_id: check.license!.id,
      site_url: site,
      succeeded: report.outcome === 'success' ? 1 : 0,
      running_version: report.running_version ?? null,
      fatal_errors: JSON.stringify(report.fatal_errors),
      created_at: at,
    });
    if (!inserted) return false;
    const counts = await countHealthReportsByLicense(trx, release.id);
    if (!passesHaltRule(counts, rule)) return true;
    const rate = ((counts.failures / counts.total) * 100).toFixed(1);
    const reason = `Paused automatically: ${counts.failures} of ${counts.total} updated licences (${rate}%) reported a failure, above the ${rule.failurePercent}% threshold`;
    const halted = await haltRollout(trx, release.id, at, reason);
    if (!halted) return true;
    await recordActivity(trx, 'release_rollout_paused', { version: halted.version, plugin_slug: halted.plugin_slug, reason }, at);
    const sites = await countHealthReports(trx, release.id);
    const counted = { sites_updated: sites.total, failures: sites.failures, licenses_updated: counts.total, failing_licenses: counts.failures };
    await emit('release.rollout_paused', { ...releaseEventData(halted), reason, ...counted }, at);
    await queueEmail(unit, {
      to_address: alertAddress(ctx),
      kind: 'rollout_paused',
      dedupe_key: `rollout_paused:${release.id}:${at}`,
      content: {
        subject: `Rollout of ${plugin.name} ${halted.version} paused`,
        text: `${reason}.\n\nNo more sites are offered ${plugin.name} ${halted.version} until you resume the rollout. Open the Releases page to resume, raise or withdraw it.`,
        html: '',
      },
      at,
    });
    return true;
  });
  return stored
    ? { recorded: true, detail: 'Report recorded' }
    : { recorded: false, detail: `This site already reported on version ${report.version}: a site is counted once per release` };
}

/** The release's health for its admin page. */
export async function releaseHealth(ctx: AppContext, releaseId: number): Promise<ReleaseHealth> {
  if (!(await findReleaseById(ctx.db, releaseId))) throw new AppError('NOT_FOUND', `No release with id ${releaseId}`);
  const counts = await countHealthReports(ctx.db, releaseId);
  const failures = await listRecentFailures(ctx.db, releaseId);
  return {
    release_id: releaseId,
    sites_updated: counts.total,
    failures: counts.failures,
    failure_rate: counts.total === 0 ? 0 : Math.round((counts.failures / counts.total) * 1000) / 10,
    recent_failures: failures.map((row) => ({
      site_url: row.site_url,
      running_version: row.running_version,
      fatal_errors: (JSON.parse(row.fatal_errors) as Array<{ message: string; file: string }>).map((error) => ({ message: error.message, file: error.file })),
      created_at: row.created_at,
    })),
    deactivations: await releaseDeactivations(ctx, releaseId),
  };
}
