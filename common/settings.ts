import { z } from 'zod';
import { VERSION_PATTERN } from './versions.js';
import { reminderBodySchema, reminderDaysSchema, reminderSubjectSchema } from './renewal-reminders.js';
import { autoRenewDaysBeforeSchema, autoRenewRetryDaysSchema } from './auto-renewal.js';
import { retentionSchema } from './retention.js';

export const SECRET_SETTING_NAMES = ['stripe_webhook_secret', 'lemonsqueezy_webhook_secret', 'webhook_secret'] as const;
export type SecretSettingName = (typeof SECRET_SETTING_NAMES)[number];

const secretInput = z.string().trim().max(500, 'must be at most 500 characters').nullable();

export const MAX_STAGING_SITE_PATTERNS = 50;

/** Deactivation reasons (docs/releases.md): at most this many answers, each at most this long. */
export const MAX_DEACTIVATION_REASONS = 12;
export const DEACTIVATION_REASON_MAX_CHARS = 100;
/** The answers the survey offers until the vendor writes their own (Settings). */
export const DEFAULT_DEACTIVATION_REASONS = [
  'I no longer need it',
  'It broke my site or conflicted with another plugin',
  'I found a better plugin',
  'It lacks a feature I need',
  "It's temporary, for debugging",
  'Other',
] as const;
/** A DNS label (letters, digits, hyphens inside, underscores) or `*`, which stands for one or more whole labels. */
const PATTERN_LABEL = /^(\*|[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)$/;
const PATTERN_HELP = 'use host names such as staging.* or *.wpengine.com, where * stands for one or more whole labels';

/** A staging host pattern, lower-cased; null when it is usable, else why not. */
function stagingPatternProblem(pattern: string): string | null {
  const labels = pattern.split('.');
  if (!labels.every((label) => PATTERN_LABEL.test(label))) return `"${pattern}" is not a host pattern: ${PATTERN_HELP}`;
  if (labels.every((label) => label === '*')) return `"${pattern}" would match every site: turn off the local and staging exemption instead`;
  // Site addresses are compared without www., so a www. pattern would never match.
  if (labels[0] === 'www') return `"${pattern}" starts with www., which site addresses never keep: leave it out`;
  return null;
}

const stagingPattern = z
  .string({ error: 'each pattern must be text' })
  .trim()
  .toLowerCase()
  .min(1, 'a pattern must not be empty')
  .max(253, 'a pattern must be at most 253 characters')
  .superRefine((pattern, ctx) => {
    const problem = stagingPatternProblem(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * What an expired licence does (issue 26): keep validating on the sites it is activated on but get no updates (the
 * default, as Easy Digital Downloads), or stop validating. Either way the update check withholds the package.
 */
export const EXPIRED_LICENSE_POLICIES = ['updates_only', 'stop_validating'] as const;
export type ExpiredLicensePolicy = (typeof EXPIRED_LICENSE_POLICIES)[number];

/** A whole-number Setting from 1 to `max`. */
const wholeSetting = (max: number) =>
  z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`);

export const settingsUpdateSchema = z
  .object({
    base_url: z.union([z.url({ protocol: /^https?$/, message: 'must be a full http(s) URL such as https://shop.example.com' }), z.literal('')]).nullable(),
    rate_limit_per_minute: wholeSetting(100_000),
    max_file_size_mb: wholeSetting(2048),
    local_sites_exempt: z.boolean({ error: 'must be true or false' }),
    staging_site_patterns: z.array(stagingPattern).max(MAX_STAGING_SITE_PATTERNS, `at most ${MAX_STAGING_SITE_PATTERNS} patterns`),
    trust_environment_claim: z.boolean({ error: 'must be true or false' }),
    expired_license_policy: z.enum(EXPIRED_LICENSE_POLICIES, { error: 'must be updates_only or stop_validating' }),
    // Releases below it are not offered for sale (docs/plugins.md); 20 characters hold any real x.y.z.
    min_release_version: z
      .string({ error: 'must be a version such as 1.7.51' })
      .trim()
      .max(20, 'must be at most 20 characters')
      .regex(VERSION_PATTERN, 'must be a version x.y.z such as 1.7.51, or 1.0.0 to sell from your first release'),
    // The seller named on customer receipts (docs/account.md).
    seller_name: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    // The automatic halt of a rollout (docs/releases.md, "Release health and the automatic halt").
    rollout_halt_failure_percent: z.number({ error: 'must be a number from 0 to 100' }).min(0, 'must be at least 0').max(100, 'must be at most 100'),
    rollout_halt_min_sites: wholeSetting(1_000_000),
    rollout_halt_min_failing_licenses: wholeSetting(1_000_000),
    rollout_alert_email: z.email({ error: 'must be an e-mail address' }).max(254).nullable(),
    // Renewal reminders (docs/renewal-reminders.md): days from the expiry, and the wording before and after it.
    renewal_reminder_days: reminderDaysSchema,
    renewal_reminder_subject: reminderSubjectSchema,
    renewal_reminder_body: reminderBodySchema,
    renewal_reminder_expired_subject: reminderSubjectSchema,
    renewal_reminder_expired_body: reminderBodySchema,
    // Automatic renewal (docs/pricing.md "Automatic renewal"): when the card is charged, the retries, the wording.
    auto_renew_days_before: autoRenewDaysBeforeSchema,
    // Retention (docs/big-shop.md): days kept of activity, webhook deliveries, e-mail bodies and site reports.
    retention: retentionSchema,
    auto_renew_retry_days: autoRenewRetryDaysSchema,
    auto_renew_failed_subject: reminderSubjectSchema,
    auto_renew_failed_body: reminderBodySchema,
    auto_renew_stopped_subject: reminderSubjectSchema,
    auto_renew_stopped_body: reminderBodySchema,
    auto_renew_reminder_subject: reminderSubjectSchema,
    auto_renew_reminder_body: reminderBodySchema,
    // Deactivation reasons (docs/releases.md): whether the WordPress client asks, and the answers it offers.
    deactivation_survey_enabled: z.boolean({ error: 'must be true or false' }),
    deactivation_reasons: z
      .array(
        z
          .string({ error: 'each reason must be text' })
          .trim()
          .min(1, 'a reason must not be empty')
          .max(DEACTIVATION_REASON_MAX_CHARS, `a reason must be at most ${DEACTIVATION_REASON_MAX_CHARS} characters`),
        { error: 'must be a list of reasons' },
      )
      .min(1, 'must hold at least one reason')
      .max(MAX_DEACTIVATION_REASONS, `at most ${MAX_DEACTIVATION_REASONS} reasons`),
    stripe_webhook_secret: secretInput,
    lemonsqueezy_webhook_secret: secretInput,
    webhook_secret: secretInput,
    // The Lemon Squeezy store whose hosted checkout sells the tiers (docs/pricing.md "Lemon Squeezy"): its subdomain.
    lemonsqueezy_store: z
      .string({ error: 'must be the store name of https://{store}.lemonsqueezy.com' })
      .trim()
      .toLowerCase()
      .transform((value) => value.replace(/^https?:\/\//, '').replace(/\.lemonsqueezy\.com\/?$/, ''))
      .pipe(
        z
          .string()
          .max(63, 'must be at most 63 characters')
          .regex(/^([a-z0-9]([a-z0-9-]*[a-z0-9])?)?$/, 'must be the store name of https://{store}.lemonsqueezy.com, such as my-store'),
      )
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const settingsResponseSchema = z.object({
  base_url: z.string().nullable(),
  rate_limit_per_minute: z.number(),
  max_file_size_mb: z.number(),
  local_sites_exempt: z.boolean(),
  staging_site_patterns: z.array(z.string()),
  trust_environment_claim: z.boolean(),
  expired_license_policy: z.enum(EXPIRED_LICENSE_POLICIES),
  min_release_version: z.string(),
  seller_name: z.string(),
  rollout_halt_failure_percent: z.number(),
  rollout_halt_min_sites: z.number(),
  rollout_halt_min_failing_licenses: z.number(),
  rollout_alert_email: z.string().nullable(),
  renewal_reminder_days: z.array(z.number()),
  renewal_reminder_subject: z.string(),
  renewal_reminder_body: z.string(),
  renewal_reminder_expired_subject: z.string(),
  renewal_reminder_expired_body: z.string(),
  auto_renew_days_before: z.number(),
  retention: retentionSchema,
  auto_renew_retry_days: z.array(z.number()),
  auto_renew_failed_subject: z.string(),
  auto_renew_failed_body: z.string(),
  auto_renew_stopped_subject: z.string(),
  auto_renew_stopped_body: z.string(),
  auto_renew_reminder_subject: z.string(),
  auto_renew_reminder_body: z.string(),
  deactivation_survey_enabled: z.boolean(),
  deactivation_reasons: z.array(z.string()),
  lemonsqueezy_store: z.string().nullable(),
  secrets: z.object({
    stripe_webhook_secret: z.object({ is_set: z.boolean() }),
    lemonsqueezy_webhook_secret: z.object({ is_set: z.boolean() }),
    webhook_secret: z.object({ is_set: z.boolean() }),
  }),
  api_token: z.object({ is_set: z.boolean(), created_at: z.string().nullable() }),
  signing_public_key: z.string().nullable(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/**
 * Where e-mailed links point (docs/checkout.md, "Links in e-mails"): the Base URL (Settings or BASE_URL), else
 * the origin the admin confirmed in the first-run "Your shop's address" prompt; with neither, e-mails that
 * need links are held in the outbox.
 */
export const shopAddressSchema = z.object({
  /** Base URL from Settings, else BASE_URL. */
  base_url: z.string().nullable(),
  confirmed_origin: z.string().nullable(),
  /** What e-mailed links start with now; null while e-mails are held. */
  link_base: z.string().nullable(),
  /** The origin of the admin's own request, which the prompt suggests. */
  request_origin: z.string().nullable(),
  /** E-mails waiting in the outbox for an address. */
  held_emails: z.number().int(),
});
export type ShopAddress = z.infer<typeof shopAddressSchema>;

const ORIGIN_HELP = 'must be the address of your shop such as https://shop.example.com';

export const confirmShopAddressSchema = z
  .object({
    origin: z
      .string({ error: ORIGIN_HELP })
      .trim()
      .max(2000, 'must be at most 2000 characters')
      .pipe(z.url({ protocol: /^https?$/, message: ORIGIN_HELP }))
      .refine((value) => {
        // A value that is no URL at all has its message already (z.url above).
        const url = URL.canParse(value) ? new URL(value) : null;
        return !url || (url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '');
      }, 'must be only scheme, host and port such as https://shop.example.com (a shop under a path sets the Base URL in Settings)')
      .transform((value) => (URL.canParse(value) ? new URL(value).origin : value)),
  })
  .strict();
export type ConfirmShopAddress = z.infer<typeof confirmShopAddressSchema>;

export const apiTokenResponseSchema = z.object({ token: z.string(), created_at: z.string() });
export type ApiTokenResponse = z.infer<typeof apiTokenResponseSchema>;

export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, 'Current password is required'),
  new_password: z.string().min(10, 'New password must be at least 10 characters').max(200),
});
