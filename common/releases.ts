import { z } from 'zod';
import { RELEASE_CHANNELS } from './channels.js';
import { idParamsSchema } from './ids.js';
import { siteReportFields } from './site-report.js';
import { VERSION_HINT, VERSION_PATTERN } from './versions.js';

/** The text fields of the multipart upload (the zip itself travels in the field `file`). */
export const releaseUploadFieldsSchema = z.object({
  plugin_slug: z
    .string({ error: 'Plugin selection is required' })
    .trim()
    .min(1, 'Plugin selection is required')
    .max(100, 'plugin_slug must be at most 100 characters'),
  version: z.string({ error: 'Version is required' }).trim().min(1, 'Version is required').regex(VERSION_PATTERN, VERSION_HINT),
  notes: z.string().max(20_000, 'notes must be at most 20000 characters').default(''),
  channel: z.enum(RELEASE_CHANNELS, { error: 'channel must be stable or beta' }).default('stable'),
  rollout_percent: z.coerce
    .number({ error: 'rollout_percent must be a whole number from 0 to 100' })
    .int('rollout_percent must be a whole number from 0 to 100')
    .min(0, 'rollout_percent must be a whole number from 0 to 100')
    .max(100, 'rollout_percent must be a whole number from 0 to 100')
    .default(100),
});
export type ReleaseUploadFields = z.infer<typeof releaseUploadFieldsSchema>;

/** The WordPress and PHP versions a plugin's release asks for and was tested with (readme.txt, main file header). */
export const wordpressRequirementFields = { requires_wp: z.string().nullable(), tested_wp: z.string().nullable(), requires_php: z.string().nullable() };

/** Release, docs/product-spec.md section 3, plus what the server adds (digest, size). */
export const releaseSchema = z.object({
  id: z.number(),
  plugin_slug: z.string(),
  version: z.string(),
  notes: z.string(),
  zip_path: z.string(),
  file_size: z.number(),
  sha384: z.string(),
  signature: z.string(),
  created_at: z.string(),
  /** From the zip's main file header and readme.txt; null when the zip did not say (or it predates 0008). */
  ...wordpressRequirementFields,
  author: z.string().nullable(),
  upgrade_notice: z.string().nullable(),
  /** A withdrawn release is never offered and its download links are refused; the file stays. */
  withdrawn_at: z.string().nullable(),
  /** When a site was first offered it (update check or download link); only never-offered ones can be deleted. */
  offered_at: z.string().nullable(),
  /** stable, or beta: offered only to sites (or licences) on beta (docs/releases.md, "Channels and staged rollouts"). */
  channel: z.enum(RELEASE_CHANNELS),
  /** The share of sites (0-100) that are offered it; decided per site by a stable hash of site and release. */
  rollout_percent: z.number(),
  /** Set while the rollout is paused (by hand or by the automatic halt): no more sites are offered it. */
  rollout_paused_at: z.string().nullable(),
  rollout_pause_reason: z.string().nullable(),
  /** Set when it was withdrawn with a rollback: its sites are offered the release before it. */
  rollback_at: z.string().nullable(),
  /** What the admin should know, e.g. a beta whose version is below the latest stable one; null when nothing. */
  notice: z.string().nullable(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseIdParamsSchema = idParamsSchema;

const percentField = z
  .number({ error: 'rollout_percent must be a whole number from 0 to 100' })
  .int('rollout_percent must be a whole number from 0 to 100')
  .min(0, 'rollout_percent must be a whole number from 0 to 100')
  .max(100, 'rollout_percent must be a whole number from 0 to 100');

/** PATCH /api/admin/releases/{id}: the channel and the rollout's share, any subset. */
export const releaseUpdateSchema = z
  .object({ channel: z.enum(RELEASE_CHANNELS, { error: 'channel must be stable or beta' }), rollout_percent: percentField })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update: send channel or rollout_percent' });
export type ReleaseUpdate = z.infer<typeof releaseUpdateSchema>;

/** PUT /api/admin/releases/{id}/rollout-schedule: the steps still to come (replacing those not applied yet). */
export const rolloutScheduleSchema = z
  .object({
    steps: z
      .array(
        z
          .object({
            percent: percentField,
            at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time such as 2027-01-31T09:00:00Z' }),
          })
          .strict(),
      )
      .max(20, 'at most 20 steps'),
  })
  .strict();
export type RolloutSchedule = z.infer<typeof rolloutScheduleSchema>;

export const rolloutStepSchema = z.object({ id: z.number(), percent: z.number(), due_at: z.string(), applied_at: z.string().nullable() });
export type RolloutStep = z.infer<typeof rolloutStepSchema>;

export const releaseListQuerySchema = z.object({ plugin_slug: z.string().max(100).optional() });

/** The public release file list: plugin_slug, version, created_at only. */
export const releaseFileSchema = releaseSchema.pick({ plugin_slug: true, version: true, created_at: true });
export type ReleaseFile = z.infer<typeof releaseFileSchema>;

export const signingKeyResponseSchema = z.object({ algorithm: z.literal('ed25519'), public_key: z.string() });

/** installed_version, wp_version, php_version: what the site reports (lenient, common/site-report.ts). */
export const updateCheckQuerySchema = z.object({
  ...siteReportFields,
  license_key: z.string().max(200).optional(),
  site_url: z.string().max(2000).optional(),
  /** beta: the site opted into beta releases (the WordPress client's licence screen). */
  channel: z.enum(RELEASE_CHANNELS, { error: 'channel must be stable or beta' }).optional(),
});
export type UpdateCheckQuery = z.infer<typeof updateCheckQuerySchema>;

/** Why an update answer carries no download_url; a closed set the paid plugin can switch on. */
export const PACKAGE_WITHHELD_CODES = ['license_required', 'license_expired', 'license_revoked', 'site_inactive'] as const;
export type PackageWithheldCode = (typeof PACKAGE_WITHHELD_CODES)[number];

/** Metadata in the format of the plugin-update-checker library. */
export const updateCheckResponseSchema = z.object({
  name: z.string(),
  slug: z.string(),
  version: z.string(),
  download_url: z.string().optional(),
  homepage: z.string(),
  requires: z.string().nullable(),
  tested: z.string().nullable(),
  requires_php: z.string().nullable(),
  last_updated: z.string(),
  sections: z.object({ description: z.string(), changelog: z.string() }),
  banners: z.record(z.string(), z.string()),
  icons: z.record(z.string(), z.string()),
  author: z.string().optional(),
  upgrade_notice: z.string().optional(),
  /** Why download_url is absent, so the plugin can tell its customer (plugin-update-checker ignores it). */
  package_withheld: z
    .object({
      code: z.enum(PACKAGE_WITHHELD_CODES),
      message: z.string(),
      /** license_expired only: where the buyer renews, the licence's renewal page `/renew?key=…` (common/renewals.ts). */
      renew_url: z.string().optional(),
    })
    .optional(),
  /**
   * The vendor withdrew the version this site runs and offered the release before it (docs/releases.md,
   * "Rollback"): the WordPress client installs `package` through WordPress's upgrader, which checks its
   * signature (`signature`, also at `package` + `.sig`) like any update. Only with a download (valid licence).
   */
  rollback: z
    .object({
      version: z.string(),
      withdrawn_version: z.string(),
      package: z.string(),
      signature: z.string(),
    })
    .optional(),
  /** The vendor asks why on deactivation (Settings): the answers the client offers (docs/releases.md, "Deactivation reasons"). */
  deactivation_survey: z.object({ reasons: z.array(z.string()) }).optional(),
});
export type UpdateCheckResponse = z.infer<typeof updateCheckResponseSchema>;
