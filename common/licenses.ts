import { z } from 'zod';
import { optionalPageField } from './list-cursor.js';
import { RELEASE_CHANNELS } from './channels.js';
import { idField, idParamsSchema } from './ids.js';
import { directionQueryField, sortQueryField, timestampFields } from './schema-fields.js';
import { siteReportFields } from './site-report.js';

export const PLANS = ['lifetime', 'pro_yearly', 'pro_monthly', 'trial'] as const;
export type Plan = (typeof PLANS)[number];

export const LICENCE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type LicenseStatus = (typeof LICENCE_STATUSES)[number];

/** Days until a licence of each plan expires; null never expires (docs/design.md section 5). */
export const PLAN_DURATION_DAYS: Record<Plan, number | null> = {
  lifetime: null,
  pro_yearly: 365,
  pro_monthly: 30,
  trial: 14,
};

export const PLAN_LABELS: Record<Plan, string> = {
  lifetime: 'Lifetime',
  pro_yearly: 'Pro Yearly',
  pro_monthly: 'Pro Monthly',
  trial: 'Trial',
};

/** The closed set of outcome codes of the machine API. */
export const LICENCE_CODES = [
  'VALID',
  'NOT_FOUND',
  'REVOKED',
  'EXPIRED',
  'PLUGIN_MISMATCH',
  'SITE_INACTIVE',
  'ACTIVATION_LIMIT_REACHED',
  'NOT_ACTIVE',
] as const;
export type LicenseCode = (typeof LICENCE_CODES)[number];

export const MAX_ACTIVATIONS_MIN = 1;
export const MAX_ACTIVATIONS_MAX = 100;
export const DEFAULT_MAX_ACTIVATIONS = 3;

/**
 * max_activations of a licence sold from an unlimited tier (`sites: null`, common/prices.ts). The column stays a
 * NOT NULL integer, so seat counting (machine.service.ts activateSite) and every reader work unchanged: no site
 * count reaches it. Shown as "Unlimited" where `isUnlimitedActivations` says so.
 */
export const UNLIMITED_ACTIVATIONS = 1_000_000;
export const isUnlimitedActivations = (maxActivations: number): boolean => maxActivations >= UNLIMITED_ACTIVATIONS;

/** A site limit as people read it: "Unlimited" for an unlimited tier's licence, else the number. */
export const siteLimitText = (maxActivations: number): string => (isUnlimitedActivations(maxActivations) ? 'Unlimited' : String(maxActivations));

/** How much of a licence's site limit is used, in percent (0 for an unlimited one), for a progress bar. */
export const siteUsagePercent = (used: number, maxActivations: number): number =>
  isUnlimitedActivations(maxActivations) || maxActivations <= 0 ? 0 : (used / maxActivations) * 100;

const keyField = z
  .string({ error: 'License key is required' })
  .trim()
  .min(1, 'License key is required')
  .max(64, 'License key must be at most 64 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'License key may contain only letters, digits and hyphens');

const maxActivationsField = z
  .number({ error: 'Max activations must be a whole number' })
  .int('Max activations must be a whole number')
  .min(MAX_ACTIVATIONS_MIN, `Max activations must be at least ${MAX_ACTIVATIONS_MIN}`)
  .max(MAX_ACTIVATIONS_MAX, `Max activations must be at most ${MAX_ACTIVATIONS_MAX}`);

const planField = z.enum(PLANS, { error: `Plan must be one of ${PLANS.join(', ')}` });
const statusField = z.enum(LICENCE_STATUSES, { error: `Status must be one of ${LICENCE_STATUSES.join(', ')}` });

/** POST /api/admin/licenses. Without `key` the server generates one. */
export const licenseCreateSchema = z
  .object({
    key: keyField.optional(),
    plugin_slug: z.string({ error: 'Plugin is required' }).trim().min(1, 'Plugin is required').max(100),
    plan: planField.default('pro_yearly'),
    status: statusField.default('active'),
    max_activations: maxActivationsField.default(DEFAULT_MAX_ACTIVATIONS),
    customer_email: z.email({ error: 'Customer e-mail must be an e-mail address' }).max(254).nullable().optional(),
  })
  .strict();
export type LicenseCreate = z.input<typeof licenseCreateSchema>;

/** PATCH /api/admin/licenses/{id}: any subset. */
export const licenseUpdateSchema = z
  .object({
    plan: planField,
    status: statusField,
    max_activations: maxActivationsField,
    expires_at: z.iso.datetime({ offset: true, error: 'Expiry must be an ISO date-time such as 2027-01-31T00:00:00Z, or null' }).nullable(),
    // beta: the licence's sites get beta releases whatever they send (docs/releases.md, "Channels").
    channel: z.enum(RELEASE_CHANNELS, { error: 'Channel must be stable or beta' }),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update: send plan, status, max_activations, expires_at or channel' });
export type LicenseUpdate = z.infer<typeof licenseUpdateSchema>;

export const licenseSchema = z.object({
  id: z.number(),
  key: z.string(),
  plugin_slug: z.string(),
  plan: z.enum(PLANS),
  status: z.enum(LICENCE_STATUSES),
  max_activations: z.number(),
  activations_used: z.number(),
  expires_at: z.string().nullable(),
  customer_email: z.string().nullable(),
  ...timestampFields,
  channel: z.enum(RELEASE_CHANNELS),
  /** The price tier it was sold from (renewals and upgrades start there); null for licences made by hand. */
  price_id: z.number().nullable(),
});
export type License = z.infer<typeof licenseSchema>;

export const activationSchema = z.object({
  id: z.number(),
  site_url: z.string(),
  is_local: z.boolean(),
  environment: z.string().nullable(),
  created_at: z.string(),
  last_checked_at: z.string().nullable(),
});
export type Activation = z.infer<typeof activationSchema>;

export const licenseDetailSchema = licenseSchema.extend({ activations: z.array(activationSchema) });

/** One page of the admin licence list, in the order asked (newest first by default). */
export const licenseListPageSchema = z.object({
  licenses: z.array(licenseSchema),
  /** Licences matching the filter and search, on all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Keyset cursors (issue 44): `after` = next_cursor reads the next page off the index, `before` = prev_cursor the one before; null when the page is empty. */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type LicenseListPage = z.infer<typeof licenseListPageSchema>;
export type LicenseDetail = z.infer<typeof licenseDetailSchema>;

/** Licences per page of the admin list: a multiple of the Licences grid's 1, 2 and 3 columns. */
export const LICENSES_PAGE_SIZE = 24;
export const LICENSE_SEARCH_MAX = 200;

/** What the admin licence list can be sorted by: a licence without expiry sorts as the farthest expiry. */
export const LICENSE_SORTS = ['created_at', 'expires_at', 'customer_email', 'key'] as const;
export type LicenseSort = (typeof LICENSE_SORTS)[number];

/**
 * GET /api/admin/licenses. With `page` the answer is one page (`licenseListPageSchema`); without it, the plain array
 * of every matching licence (kept for scripts and tests). `search` matches, case-insensitively, any part of the key
 * (with or without its dashes), of the customer e-mail or of an activated site's URL. `sort` and `direction` order
 * it (default: newest first).
 */
export const licenseListQuerySchema = z.object({
  plugin_slug: z.string().trim().max(100).optional(),
  page: optionalPageField,
  search: z.string({ error: 'search must be text' }).trim().max(LICENSE_SEARCH_MAX, `search must be at most ${LICENSE_SEARCH_MAX} characters`).optional(),
  sort: sortQueryField(LICENSE_SORTS, 'created_at'),
  direction: directionQueryField(),
  /** With `page`: the page after the row this cursor names (a page's next_cursor), read off the sort's index, not by offset. */
  after: z.string().max(400, 'after must be a cursor from a page of this list').optional(),
  /** With `page`: the page before the row this cursor names (a page's prev_cursor). */
  before: z.string().max(400, 'before must be a cursor from a page of this list').optional(),
});
export type LicenseListQuery = z.infer<typeof licenseListQuerySchema>;

export { idParamsSchema };

export const activationParamsSchema = idParamsSchema.extend({
  activationId: idField('activationId'),
});

// --- machine API (/api/v1/licenses/*) ---

const machineKey = z.string({ error: 'license_key is required' }).trim().min(1, 'license_key is required').max(64, 'license_key must be at most 64 characters');
const machineSite = z.string({ error: 'site_url is required' }).trim().min(1, 'site_url is required').max(2048, 'site_url must be at most 2048 characters');
const machineSlug = z
  .string({ error: 'plugin_slug must be text' })
  .trim()
  .min(1, 'plugin_slug must not be empty')
  .max(100, 'plugin_slug must be at most 100 characters');

export const activateRequestSchema = z.object({
  license_key: machineKey,
  site_url: machineSite,
  plugin_slug: z.string({ error: 'plugin_slug is required' }).trim().min(1, 'plugin_slug is required').max(100, 'plugin_slug must be at most 100 characters'),
  environment: z.string({ error: 'environment must be text' }).trim().max(40, 'environment must be at most 40 characters').optional(),
});
export const deactivateRequestSchema = z.object({ license_key: machineKey, site_url: machineSite });
// `signed` asks for a signed answer (the WordPress client's daily check; docs/wordpress-client.md), echoing `nonce`.
const signedFlag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { error: 'signed must be 1, 0, true or false' })
  .transform((value) => value === true || value === '1' || value === 'true');
const nonce = z.string({ error: 'nonce must be text' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'nonce must be 1 to 64 letters, digits, - or _');
export const validateRequestSchema = z.object({
  license_key: machineKey,
  site_url: machineSite.optional(),
  plugin_slug: machineSlug.optional(),
  signed: signedFlag.optional(),
  nonce: nonce.optional(),
  /** installed_version, wp_version, php_version: what the site reports (lenient, common/site-report.ts). */
  ...siteReportFields,
});

export const publicLicenseSchema = licenseSchema
  .pick({ key: true, status: true, plan: true, plugin_slug: true, max_activations: true, activations_used: true, expires_at: true })
  .extend({ activations_left: z.number() });
export type PublicLicense = z.infer<typeof publicLicenseSchema>;

const outcome = { code: z.enum(LICENCE_CODES), detail: z.string(), license: publicLicenseSchema.nullable() };
export const activateResponseSchema = z.object({
  activated: z.boolean(),
  ...outcome,
  activation: z.object({ site_url: z.string(), is_local: z.boolean() }).nullable(),
});
export const deactivateResponseSchema = z.object({ deactivated: z.boolean(), ...outcome });
/** Ed25519 over the payload's exact bytes, with the server's signing key (GET /api/v1/signing-key). */
export const signedAnswerSchema = z.object({ algorithm: z.literal('ed25519'), payload: z.string(), signature: z.string() });
export type SignedAnswer = z.infer<typeof signedAnswerSchema>;
export const validateResponseSchema = z.object({ valid: z.boolean(), ...outcome, signature: signedAnswerSchema.optional() });
export type ActivateResponse = z.infer<typeof activateResponseSchema>;
export type DeactivateResponse = z.infer<typeof deactivateResponseSchema>;
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

// --- dashboard ---

export const statsSchema = z.object({
  totalLicenses: z.number(),
  activeLicenses: z.number(),
  totalActivations: z.number(),
  latestVersion: z.string().nullable(),
});
export type Stats = z.infer<typeof statsSchema>;

export const activitySchema = z.object({
  id: z.number(),
  action_type: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
