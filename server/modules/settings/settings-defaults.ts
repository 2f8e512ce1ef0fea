// The settings a shop has, their types and their defaults (the admin's Settings page); the service that reads and writes
// them is settings.service.ts.
import { DEFAULT_DEACTIVATION_REASONS, type ExpiredLicensePolicy } from '../../../common/settings.js';
import { DEFAULT_RETENTION, type Retention } from '../../../common/retention.js';
import { DEFAULT_MIN_RELEASE_VERSION } from '../../../common/versions.js';
import {
  DEFAULT_EXPIRED_REMINDER_BODY,
  DEFAULT_EXPIRED_REMINDER_SUBJECT,
  DEFAULT_REMINDER_BODY,
  DEFAULT_REMINDER_DAYS,
  DEFAULT_REMINDER_SUBJECT,
} from '../../../common/renewal-reminders.js';
import {
  DEFAULT_AUTO_RENEW_DAYS_BEFORE,
  DEFAULT_AUTO_RENEW_FAILED_BODY,
  DEFAULT_AUTO_RENEW_FAILED_SUBJECT,
  DEFAULT_AUTO_RENEW_REMINDER_BODY,
  DEFAULT_AUTO_RENEW_REMINDER_SUBJECT,
  DEFAULT_AUTO_RENEW_RETRY_DAYS,
  DEFAULT_AUTO_RENEW_STOPPED_BODY,
  DEFAULT_AUTO_RENEW_STOPPED_SUBJECT,
} from '../../../common/auto-renewal.js';

export interface PublicSettings {
  base_url: string | null;
  rate_limit_per_minute: number;
  max_file_size_mb: number;
  local_sites_exempt: boolean;
  /** Host patterns of the vendor's staging sites, which use no seat (docs/license-api.md). */
  staging_site_patterns: string[];
  /** Whether a plugin's non-production `environment` claim alone frees a seat. */
  trust_environment_claim: boolean;
  /** What an expired licence does: keep validating on its activated sites without updates, or stop validating. */
  expired_license_policy: ExpiredLicensePolicy;
  /** Releases below this x.y.z are not offered for sale (docs/plugins.md); the default is the specification's. */
  min_release_version: string;
  /** The seller named on customer receipts (docs/account.md); unset, the store identity's legal name, else its name. */
  seller_name: string;
  /** The automatic halt of a rollout (docs/releases.md): failures above this percentage of updated sites... */
  rollout_halt_failure_percent: number;
  /** ...once at least this many updated sites reported (each licence counted once, only sites holding a seat)... */
  rollout_halt_min_sites: number;
  /** ...and the failures come from at least this many distinct licences (one buyer cannot halt a rollout). */
  rollout_halt_min_failing_licenses: number;
  /** Where the halt's e-mail goes; null: the sender address (MAIL_FROM). */
  rollout_alert_email: string | null;
  /** Renewal reminders (docs/renewal-reminders.md): days from the expiry each is sent, in time order. */
  renewal_reminder_days: number[];
  /** The wording of reminders up to the expiry day, and of those after it; placeholders in common/renewal-reminders.ts. */
  renewal_reminder_subject: string;
  renewal_reminder_body: string;
  renewal_reminder_expired_subject: string;
  renewal_reminder_expired_body: string;
  /** Automatic renewal (docs/pricing.md): the charge this many days before the expiry, retries days after it, the wording. */
  auto_renew_days_before: number;
  /** Days kept of activity, webhook deliveries, e-mail bodies and site reports (docs/big-shop.md, "Retention"). */
  retention: Retention;
  auto_renew_retry_days: number[];
  auto_renew_failed_subject: string;
  auto_renew_failed_body: string;
  auto_renew_stopped_subject: string;
  auto_renew_stopped_body: string;
  /** Reminders before the expiry of a licence that renews automatically say this instead. */
  auto_renew_reminder_subject: string;
  auto_renew_reminder_body: string;
  /** Whether the WordPress client asks why on deactivation (docs/releases.md, "Deactivation reasons"). */
  deactivation_survey_enabled: boolean;
  /** The answers it offers, in order. */
  deactivation_reasons: string[];
  /** The Lemon Squeezy store (its subdomain) whose hosted checkout sells tiers with a variant id (docs/pricing.md). */
  lemonsqueezy_store: string | null;
}

/** The settings row of the admin-confirmed shop address (never answered by GET /api/admin/settings). */
export const CONFIRMED_ORIGIN_KEY = 'confirmed_origin';

export const DEFAULTS: PublicSettings = {
  base_url: null,
  rate_limit_per_minute: 60,
  max_file_size_mb: 50,
  local_sites_exempt: true,
  staging_site_patterns: [],
  trust_environment_claim: false,
  expired_license_policy: 'updates_only',
  min_release_version: DEFAULT_MIN_RELEASE_VERSION,
  rollout_halt_failure_percent: 2,
  rollout_halt_min_sites: 20,
  rollout_halt_min_failing_licenses: 3,
  rollout_alert_email: null,
  seller_name: '',
  renewal_reminder_days: [...DEFAULT_REMINDER_DAYS],
  renewal_reminder_subject: DEFAULT_REMINDER_SUBJECT,
  renewal_reminder_body: DEFAULT_REMINDER_BODY,
  renewal_reminder_expired_subject: DEFAULT_EXPIRED_REMINDER_SUBJECT,
  renewal_reminder_expired_body: DEFAULT_EXPIRED_REMINDER_BODY,
  auto_renew_days_before: DEFAULT_AUTO_RENEW_DAYS_BEFORE,
  retention: { ...DEFAULT_RETENTION },
  auto_renew_retry_days: [...DEFAULT_AUTO_RENEW_RETRY_DAYS],
  auto_renew_failed_subject: DEFAULT_AUTO_RENEW_FAILED_SUBJECT,
  auto_renew_failed_body: DEFAULT_AUTO_RENEW_FAILED_BODY,
  auto_renew_stopped_subject: DEFAULT_AUTO_RENEW_STOPPED_SUBJECT,
  auto_renew_stopped_body: DEFAULT_AUTO_RENEW_STOPPED_BODY,
  auto_renew_reminder_subject: DEFAULT_AUTO_RENEW_REMINDER_SUBJECT,
  auto_renew_reminder_body: DEFAULT_AUTO_RENEW_REMINDER_BODY,
  deactivation_survey_enabled: false,
  deactivation_reasons: [...DEFAULT_DEACTIVATION_REASONS],
  lemonsqueezy_store: null,
};
