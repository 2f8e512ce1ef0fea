import { z } from 'zod';
import { idField } from './ids.js';
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
});
export type ReleaseUploadFields = z.infer<typeof releaseUploadFieldsSchema>;

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
  requires_wp: z.string().nullable(),
  tested_wp: z.string().nullable(),
  requires_php: z.string().nullable(),
  author: z.string().nullable(),
  upgrade_notice: z.string().nullable(),
  /** A withdrawn release is never offered and its download links are refused; the file stays. */
  withdrawn_at: z.string().nullable(),
  /** When a site was first offered it (update check or download link); only never-offered ones can be deleted. */
  offered_at: z.string().nullable(),
});
export type Release = z.infer<typeof releaseSchema>;

export const releaseIdParamsSchema = z.object({ id: idField('id') });

export const releaseListQuerySchema = z.object({ plugin_slug: z.string().max(100).optional() });

/** The public release file list: plugin_slug, version, created_at only. */
export const releaseFileSchema = z.object({ plugin_slug: z.string(), version: z.string(), created_at: z.string() });
export type ReleaseFile = z.infer<typeof releaseFileSchema>;

export const signingKeyResponseSchema = z.object({ algorithm: z.literal('ed25519'), public_key: z.string() });

/** installed_version, wp_version, php_version: what the site reports (lenient, common/site-report.ts). */
export const updateCheckQuerySchema = z.object({
  ...siteReportFields,
  license_key: z.string().max(200).optional(),
  site_url: z.string().max(2000).optional(),
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
      /** license_expired only: where the buyer renews (the customer account until a renewal checkout exists). */
      renew_url: z.string().optional(),
    })
    .optional(),
});
export type UpdateCheckResponse = z.infer<typeof updateCheckResponseSchema>;
