import { z } from 'zod';
import { VERSION_PATTERN } from './versions.js';

/** At most this many fatal errors are kept per report (the first ones: later ones repeat the cause). */
export const MAX_FATAL_ERRORS = 20;

/** POST /api/v1/plugins/{slug}/health: what the WordPress client reports once after updating (docs/releases.md). */
export const healthReportSchema = z
  .object({
    license_key: z.string({ error: 'license_key is required' }).trim().min(1, 'license_key is required').max(64, 'license_key must be at most 64 characters'),
    site_url: z.string({ error: 'site_url is required' }).trim().min(1, 'site_url is required').max(2048, 'site_url must be at most 2048 characters'),
    version: z.string({ error: 'version is required' }).trim().regex(VERSION_PATTERN, 'version must be the release version updated to, x.y.z'),
    outcome: z.enum(['success', 'failure'], { error: 'outcome must be success or failure' }),
    running_version: z.string().trim().max(20, 'running_version must be at most 20 characters').optional(),
    fatal_errors: z
      .array(
        z.object({
          message: z.string().max(2000, 'a fatal error message must be at most 2000 characters'),
          file: z.string().max(1000, 'a fatal error file must be at most 1000 characters'),
          line: z.number().int().min(0).max(10_000_000).optional(),
        }),
      )
      .max(MAX_FATAL_ERRORS, `at most ${MAX_FATAL_ERRORS} fatal errors`)
      .default([]),
  })
  .strict();
export type HealthReport = z.infer<typeof healthReportSchema>;

export const healthReportAnswerSchema = z.object({ recorded: z.boolean(), detail: z.string() });

/** POST /api/v1/plugins/{slug}/deactivation: why a site deactivated the plugin (docs/releases.md, "Deactivation reasons"). */
export const deactivationReasonSchema = z
  .object({
    license_key: z.string({ error: 'license_key is required' }).trim().min(1, 'license_key is required').max(64, 'license_key must be at most 64 characters'),
    site_url: z.string({ error: 'site_url is required' }).trim().min(1, 'site_url is required').max(2048, 'site_url must be at most 2048 characters'),
    version: z.string({ error: 'version is required' }).trim().regex(VERSION_PATTERN, 'version must be the plugin version the site runs, x.y.z'),
    reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required').max(100, 'reason must be at most 100 characters'),
    details: z.string().trim().max(1000, 'details must be at most 1000 characters').optional(),
  })
  .strict();
export type DeactivationReasonReport = z.infer<typeof deactivationReasonSchema>;

/** Sites per deactivation reason, most given first. */
export const reasonCountSchema = z.object({ reason: z.string(), sites: z.number() });
export type ReasonCount = z.infer<typeof reasonCountSchema>;

/** A release's deactivation reasons on its admin page. */
export const releaseDeactivationsSchema = z.object({
  deactivations: z.number(),
  reasons: z.array(reasonCountSchema),
  /** The latest answers that carry the site's own words. */
  recent_details: z.array(z.object({ reason: z.string(), details: z.string(), created_at: z.string() })),
});
export type ReleaseDeactivations = z.infer<typeof releaseDeactivationsSchema>;

/** A release's health on its admin page: sites that reported after updating, failures and the rate. */
export const releaseHealthSchema = z.object({
  release_id: z.number(),
  sites_updated: z.number(),
  failures: z.number(),
  /** Failures per updated site, in percent (0 when none reported). */
  failure_rate: z.number(),
  recent_failures: z.array(
    z.object({
      site_url: z.string(),
      running_version: z.string().nullable(),
      fatal_errors: z.array(z.object({ message: z.string(), file: z.string() })),
      created_at: z.string(),
    }),
  ),
  /** Why sites deactivated the plugin while running this release (when the vendor asks: Settings). */
  deactivations: releaseDeactivationsSchema,
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;
