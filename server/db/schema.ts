import type { Generated } from 'kysely';

// Table types for Kysely. Portable conventions (both SQLite and PostgreSQL):
// - booleans are integers 0/1 (use toBool / fromBool from ./portable.ts);
// - times are ISO-8601 UTC strings in text columns;
// - money is an integer in minor units; lists are JSON text.
// Each feature adds its tables under its own heading, with its own migration file.

// --- core (0001-core) ---
/** The vendor's text pages (common/store-pages.ts); owner: server/modules/storefront. */
export interface StorePagesTable {
  slug: string;
  title: string;
  lead: string;
  markdown: string;
  faq: string; // JSON list of {question, answer}
  updated_at: string;
  html: Generated<string | null>; // 0037: the Markdown rendered when saved; null: rendered when read (saved before)
}

export interface SettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  token_hash: string;
  expires_at: string;
  created_at: string;
  /** Null: the owner's session (the specification's password login); else a staff member's (0056-team). */
  member_id: number | null;
  ip: string | null;
  user_agent: string | null;
}

export interface PluginsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  current_version: string | null;
  active: number;
  lemonsqueezy_product_id: string | null;
  pricing_active: number;
  is_free: number;
  currency: string;
  price: number | null;
  discount_price: number | null;
  price_display: string | null;
  discount_display: string | null;
  category: string;
  rating: number;
  review_count: number;
  downloads_label: string;
  is_popular: number;
  is_featured: number;
  features: string; // JSON string[]
  benefits: string; // JSON string[]
  requirements: string; // JSON string[]
  use_cases: string; // JSON string[]
  homepage: string | null;
  requires_wp: string | null;
  tested_wp: string | null;
  requires_php: string | null;
  created_at: string;
  updated_at: string;
  // 0009-plugin-catalogue: `description` above is the short description
  long_description: Generated<string>;
  author: string | null;
  documentation_url: string | null;
  retired_at: string | null; // set while the plugin is off sale (active is 0 then)
  // 0022-edd-compat: the product's id and name in Easy Digital Downloads (server/modules/edd-compat)
  edd_item_id: number | null;
  edd_item_name: string | null;
  download_count: Generated<number>; // 0031: release packages served (the machine download route)
  faq: Generated<string>; // 0034: JSON {question, answer}[] (common/plugins.ts pluginFaqEntrySchema)
}

export interface ActivitiesTable {
  id: Generated<number>;
  action_type: string;
  details: string; // JSON object
  created_at: string;
}

// --- licences (0002-licences) ---
export interface LicensesTable {
  id: Generated<number>;
  key: string;
  plugin_slug: string;
  plan: string; // lifetime | pro_yearly | pro_monthly | trial
  status: string; // active | revoked (expired is derived from expires_at, and may also be stored)
  max_activations: number;
  expires_at: string | null;
  customer_email: string | null;
  order_id: number | null;
  created_at: string;
  updated_at: string;
  price_id: Generated<number | null>; // 0020-price-tiers: the tier it was sold from
  channel: Generated<string>; // 0023: stable | beta (the vendor put the licence on beta)
  key_spelling: Generated<string | null>; // 0040: an imported key as its source spelled it; null: shown as `key`
}

/** One row per site a licence is active on; deactivation deletes the row. */
export interface LicenseActivationsTable {
  id: Generated<number>;
  license_id: number;
  site_url: string; // normalised
  is_local: number; // local/staging sites do not count toward the limit
  environment: string | null;
  created_at: string;
  last_checked_at: string | null;
  // 0015-site-reports: what the site last reported (informational, never decides anything); null until then
  installed_version: Generated<string | null>;
  wp_version: Generated<string | null>;
  php_version: Generated<string | null>;
  reported_at: Generated<string | null>; // when a reported value last changed
}

/** 0067-license-counts: how many licences a plugin has, kept by triggers (the Licences list's total). */
export interface LicenseCountsTable {
  plugin_slug: string;
  n: number;
}

/** 0080-email-counts: how many e-mails of each kind and status, kept by triggers (owner: email). */
export interface EmailCountsTable {
  kind: string;
  status: string;
  n: number;
}

/** 0084-customer-count: how many customers there are (one row, id 1), kept by triggers (owner: customers). */
export interface CustomerCountTable {
  id: number;
  n: number;
}

/** 0078-retention: the retention worker's claim (a lease) and its last run, per job (owner: retention). */
export interface RetentionRunsTable {
  name: string;
  lease_until: string | null;
  lease_token: string | null;
  last_run_at: string | null;
}

// --- 0076-dashboard-rollups: the dashboard's sums per UTC day, kept by triggers (owner: dashboard) ---
/** Paid or refunded orders by the day of payment. */
export interface DashboardDailyOrdersTable {
  day: string; // YYYY-MM-DD
  currency: string;
  kind: string;
  status: string; // paid | refunded
  n: number;
  amount: number | string; // bigint: node-postgres answers it as text
}
/** Licences created that day (dashboard_daily_licences) or active licences expiring that day (dashboard_licence_expiries; 9999-12-31: never). */
export interface DashboardDayCountTable {
  day: string;
  n: number;
}
/** Activations started (+1) and ended (-1) that day; `counted` leaves out local sites. */
export interface DashboardDailySitesTable {
  day: string;
  delta: number;
  counted: number;
}
/** Current activations by plugin, reported version ('' = never reported) and local flag; field: plugin | wp | php. */
export interface DashboardSiteVersionsTable {
  field: string;
  plugin_slug: string;
  version: string;
  is_local: number;
  n: number;
}

/** 0015-site-reports: a deleted activation, copied first, so past days' active sites can be counted. */
export interface EndedActivationsTable {
  id: Generated<number>;
  license_id: number;
  site_url: string;
  is_local: number;
  activated_at: string;
  deactivated_at: string;
}

// --- releases (0004-releases) ---
export interface ReleasesTable {
  id: Generated<number>;
  plugin_slug: string;
  version: string; // x.y.z
  notes: string;
  zip_path: string; // generated file name under DATA_DIR/releases
  file_size: number;
  sha384: string; // hex
  signature: string; // base64 Ed25519 over the raw SHA-384 digest
  created_at: string;
  // 0008-release-metadata: read from the zip's main file header and readme.txt (null when absent)
  requires_wp: string | null;
  tested_wp: string | null;
  requires_php: string | null;
  author: string | null;
  upgrade_notice: string | null; // the readme's upgrade notice for this version
  withdrawn_at: string | null; // set: never offered, downloads refused, file kept
  offered_at: string | null; // first time an update check or download link offered it
  // 0023-release-channels (docs/releases.md, "Channels and staged rollouts")
  channel: Generated<string>; // stable | beta
  rollout_percent: Generated<number>; // 0-100: the share of sites a stable release reaches
  rollout_paused_at: string | null; // set: the rollout reaches no more sites (by hand or the automatic halt)
  rollout_pause_reason: string | null; // why it was paused, shown on the release page
  rollback_at: string | null; // set with a withdrawal: its sites are offered the release before it
}

/** 0023-release-channels: a step of a release's rollout schedule, applied once by whichever instance claims it. */
export interface ReleaseRolloutStepsTable {
  id: Generated<number>;
  release_id: number;
  percent: number;
  due_at: string;
  applied_at: string | null;
}

/** 0023-release-channels: what a site reported after updating to a release, once per release and site. */
export interface ReleaseHealthReportsTable {
  id: Generated<number>;
  release_id: number;
  license_id: number;
  site_url: string; // normalised
  succeeded: number; // 0/1
  running_version: string | null;
  fatal_errors: string; // JSON list of {message, file, line}
  created_at: string;
}

/** 0029-deactivation-reasons: why a site deactivated the plugin, once per release (the one it ran) and site. */
export interface ReleaseDeactivationReasonsTable {
  id: Generated<number>;
  release_id: number;
  license_id: number;
  site_url: string; // normalised
  reason: string; // one of the Setting deactivation_reasons when it was sent
  details: string | null;
  created_at: string;
}

// 0018-release-changelogs: a release's readme changelog (the `changelog` column of releases until then)
export interface ReleaseChangelogsTable {
  release_id: number; // releases.id, deleted with it
  html: string | null; // the update answer's sections.changelog, made at upload (null for changelogs stored before 0018)
  changelog: string; // the readme's == Changelog == section, as written (cut at 40,000 characters since 0018)
}

// --- orders (0006-orders) ---
export interface OrdersTable {
  id: Generated<number>;
  email: string;
  plugin_slug: string;
  amount: number; // minor units
  currency: string;
  status: string; // pending | paid | refunded
  provider: string; // stripe | test | lemonsqueezy
  provider_ref: string; // payment intent id / provider order id
  client_secret_hash: string | null;
  origin: string | null; // unused since 0016 (always null): e-mailed links never come from a request (docs/checkout.md)
  checkout_key: string | null; // what a pending checkout buys, unique among pending orders (0017); null before it and for webhook orders
  license_id: number | null;
  created_at: string;
  paid_at: string | null;
  updated_at: string;
  // 0020-price-tiers
  price_id: Generated<number | null>; // the tier bought; null before 0020 and for unmapped webhook orders
  kind: Generated<string>; // new | renewal | upgrade
  coupon_id: Generated<number | null>;
  discount_amount: Generated<number>; // the coupon's share, minor units (amount is what was charged)
  target_license_id: Generated<number | null>; // 0025: the licence a renewal extends or an upgrade raises; null for new sales
  from_price_id: Generated<number | null>; // 0033: an upgrade's licence tier before it was paid (its refund moves it back)
  from_max_activations: Generated<number | null>; // 0033: that licence's site limit before
  refund_claimed_at: Generated<string | null>; // 0036: an admin refund in flight claimed the order then (refund-order.ts)
  // 0060-tax (docs/tax.md): amount is the total charged; net + tax = amount
  net_amount: Generated<number | null>; // null before 0060 (then amount was the net and no tax was charged)
  tax_amount: Generated<number>;
  tax_rate_bp: Generated<number | null>; // basis points: 1900 = 19 %
  tax_country: Generated<string | null>; // ISO 3166-1 alpha-2 the tax was charged for (the declared country)
  tax_treatment: Generated<string | null>; // common/tax.ts TAX_TREATMENTS
  buyer_vat_number: Generated<string | null>;
  buyer_name: Generated<string | null>;
  buyer_address: Generated<string | null>;
  tax_evidence: Generated<string | null>; // JSON: declared, ip and card country, the rule applied
  tax_region: Generated<string | null>; // 0075: a US buyer's state the sales tax was charged for
  tax_evidence_status: Generated<string | null>; // 0074: the evidence's status (confirmed | unconfirmed | conflict), for the Orders list's filter
}

/** 0032: a buyer's opt-in to automatic renewal and the saved card's references (owner: checkout; decision 0013). */
export interface LicenseAutoRenewalsTable {
  id: Generated<number>;
  license_id: number | null; // set when the order that saved the card is paid; unique
  order_id: number | null; // the checkout order whose payment saved the card; unique
  enabled: Generated<number>; // 0/1
  provider: string; // stripe | test
  customer_ref: string | null; // Stripe Customer id
  payment_method_ref: string | null; // Stripe PaymentMethod id; the test provider's test card
  term_expires_at: string | null; // the expiry the attempts below are for
  attempts: Generated<number>; // attempts claimed for that term
  next_attempt_at: string | null; // when a failed charge is tried again
  last_error: string | null;
  created_at: string;
  updated_at: string;
  license_expires_at: Generated<string | null>; // 0077: the licence's expires_at, kept by triggers (the worker's due index)
}

/** Every payment event a provider delivered, once per provider event id. */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  event_type: string;
  order_id: number | null;
  outcome: string;
  note: string | null;
  created_at: string;
  provider_ref: string | null; // the provider's order reference (0011); null before it
}

/** Outgoing e-mail: the outbox when SMTP is not configured, the delivery record when it is. */
export interface EmailsTable {
  id: Generated<number>;
  to_address: string;
  kind: string; // licence | sign_in (docs/account.md: sent as stored)
  order_id: number | null;
  dedupe_key: string | null;
  subject: string;
  text: string;
  html: string;
  status: string; // pending | sending | sent | outbox | failed
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

// --- images (0005-images) ---
/** A file stored by the image upload call (original + WebP variants under DATA_DIR/images). */
export interface ImageUploadsTable {
  name: string; // generated, 32 hex characters; never reused
  plugin_slug: string;
  ext: string; // jpg | png | webp
  width: number;
  height: number;
  variant_widths: string; // JSON number[]
  bytes: number;
  created_at: string;
}

export interface PluginImagesTable {
  id: Generated<number>;
  plugin_slug: string;
  upload_name: string;
  type: string; // hero | screenshot | feature | settings
  caption: string;
  sort_order: number;
  is_primary: number;
  created_at: string;
  updated_at: string;
}

// --- postcode delivery zones (0007-postcode) ---
export interface PostcodeRulesTable {
  id: Generated<number>;
  kind: string; // area | sector | full | blacklist
  value: string; // normalised: 'NE39', 'DH', 'NE16 6', 'NE39 1AB'
  price: number | null; // pence; null for blacklist entries
  created_at: string;
  updated_at: string;
}

export interface PostcodeSectorPricingTable {
  id: Generated<number>;
  sector: string; // 'NE39 1'
  price: number; // pence
  created_at: string;
  updated_at: string;
}

export interface PostcodeSettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

// --- customer accounts (0013-customer-accounts) ---
/** A one-time sign-in link: only the SHA-256 of its token is kept; `email` is lower-cased. */
export interface CustomerSignInTokensTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A customer's signed-in browser: only the SHA-256 of the cookie value is kept; `email` is lower-cased. */
export interface CustomerSessionsTable {
  id: Generated<number>;
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
}

// --- outgoing webhooks (0014-outgoing-webhooks) ---
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  secret: string; // signs every delivery; answered in full only on create and rotate
  events: string; // JSON WebhookEventType[]; [] = every event
  active: number;
  busy_until: string | null; // lease of the one delivery in flight to this endpoint
  busy_token: string | null;
  created_at: string;
  updated_at: string;
}

/** The outbox: one row per event per matching endpoint, written in the transaction of the change. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string; // evt_...; the same for every endpoint and every resend of one event
  event_type: string;
  body: string; // the JSON POSTed
  status: string; // pending | sending | delivered | failed
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  claim_token: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

// --- price tiers and coupons (0020-price-tiers) ---
export interface PluginPricesTable {
  id: Generated<number>;
  plugin_slug: string;
  name: string;
  sites: number | null; // null = unlimited
  term: string; // lifetime | year | month
  amount: number; // minor units
  sale_amount: number | null; // counts only above 0 and below amount
  currency: string;
  renewal_discount_percent: number;
  active: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
  lemonsqueezy_variant_id: Generated<string | null>; // 0033: the Lemon Squeezy variant it is sold as (numeric id, matched in its webhook); null: not sold there
  lemonsqueezy_checkout_link: Generated<string | null>; // 0035: that variant's checkout link (https://{store}.lemonsqueezy.com/checkout/buy/{uuid}) or its UUID alone; null: none yet
}

// --- customers (0021-customers) ---
/** One buyer: an e-mail address (lower-cased); what the admin writes, and a summary kept by the customers module. */
export interface CustomersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  note: Generated<string>;
  first_purchase_at: string | null; // paid (or refunded) orders' paid_at
  last_purchase_at: string | null;
  order_count: number; // paid and refunded orders (pending ones are not purchases)
  license_count: number; // every licence naming the address, revoked ones included
  total_paid: number; // minor units, paid orders
  currencies: string; // the currency of the paid orders when one; comma-separated when several; '' when none
  created_at: string;
  updated_at: string;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string; // upper case
  kind: string; // percent | fixed
  value: number; // percent 1-100, or minor units of currency
  currency: string | null;
  plugin_slugs: string; // JSON string[]
  price_ids: string; // JSON number[]
  for_new: number;
  for_renewals: number;
  valid_from: string | null;
  valid_to: string | null;
  max_redemptions: number | null;
  max_per_buyer: number | null;
  redemptions: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  email: string; // lower case
  created_at: string;
  /** reserved (an unpaid order, until reserved_until) | redeemed (paid) | released (cancelled or replaced); 0068 */
  status: Generated<string>;
  reserved_until: Generated<string | null>;
  client_address: Generated<string | null>; // the checkout's, for the per-address cap; erased with the customer
}

// --- verified-buyer reviews (0031-reviews) ---
export interface ReviewsTable {
  id: Generated<number>;
  plugin_slug: string;
  email: string; // lower case; one review per address and plugin
  rating: number; // 1-5
  title: string;
  body: string; // plain text
  status: string; // pending | approved | hidden
  created_at: string;
  updated_at: string;
}

// --- renewal reminders (0026-renewal-reminders) ---
/** One row per licence, term and reminder step (or `expired`): the claim that it was sent (docs/renewal-reminders.md). */
export interface LicenseRemindersTable {
  id: Generated<number>;
  license_id: number;
  expires_at: string; // the licence's expiry when the step was claimed: a renewal starts a new term
  step: string; // a day offset from the expiry ('-30', '0', '7') or 'expired' (the license.expired event)
  email_id: number | null; // the reminder in the outbox; null for 'expired'
  created_at: string;
}

/** Licences whose owner asked for no more reminders (the unsubscribe link). */
export interface ReminderOptOutsTable {
  license_id: number;
  created_at: string;
}

// --- team (0056-team; owner: server/modules/team) ---
export interface TeamMembersTable {
  id: Generated<number>;
  email: string;
  role: string;
  password_hash: string | null;
  invite_token_hash: string | null;
  invite_expires_at: string | null;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface MemberRecoveryCodesTable {
  id: Generated<number>;
  member_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface MemberSignInChallengesTable {
  id: Generated<number>;
  token_hash: string;
  member_id: number;
  expires_at: string;
}

export interface MemberPasskeysTable {
  id: Generated<number>;
  member_id: number | null; // null: the owner
  credential_id: string;
  public_key: string;
  counter: number | string; // bigint: PostgreSQL answers a string
  transports: Generated<string>; // JSON list
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge_hash: string;
  purpose: string;
  member_id: number | null;
  expires_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  prefix: string;
  token_hash: string;
  scopes: string; // JSON list of permissions (common/permissions.ts)
  created_by: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

// --- audit (0057-audit-log; owner: server/modules/audit) ---
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_kind: string; // owner | member | api-key
  actor_id: number | null;
  actor: string;
  ip: string | null;
  method: string;
  route: string;
  url: string;
  status: number;
  request: string | null; // JSON, secrets masked
  before: string | null; // JSON, secrets masked
  after: string | null; // JSON, secrets masked
  content_hash: string; // sha256 of [request, before, after] as written: chained in their place
  redacted_at: string | null; // a customer's erase replaced their address in request/before/after then
  prev_hash: string;
  hash: string;
}

export interface AuditChainHeadTable {
  id: number;
  last_id: number;
  last_hash: string;
  pruned_hash: string;
}

/** 0060: the vendor's tax settings (owner: tax), one row, JSON (common/tax.ts taxSettingsSchema). */
export interface TaxSettingsTable {
  id: number; // always 1
  value: string;
  updated_at: string;
}

/** 0061: the last number of each invoice series (owner: invoices), locked by the UPDATE that takes the next one. */
export interface InvoiceCountersTable {
  series: string;
  last_number: number;
}

/** 0061: issued invoices and credit notes (owner: invoices): written once, never updated. */
export interface InvoicesTable {
  id: Generated<number>;
  kind: string; // invoice | credit_note
  series: string;
  number: number;
  number_text: string;
  order_id: number;
  invoice_id: number | null; // a credit note's invoice
  issued_at: string;
  supplied_at: string;
  currency: string;
  net_amount: number; // a credit note's amounts are positive: what it credits
  tax_amount: number;
  total_amount: number;
  tax_rate_bp: number;
  tax_country: string | null;
  tax_treatment: string;
  document: string; // JSON: seller, buyer, lines, notes, exactly as issued
}

export interface DB {
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  team_members: TeamMembersTable;
  member_recovery_codes: MemberRecoveryCodesTable;
  member_sign_in_challenges: MemberSignInChallengesTable;
  api_keys: ApiKeysTable;
  member_passkeys: MemberPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  tax_settings: TaxSettingsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  reviews: ReviewsTable;
  license_reminders: LicenseRemindersTable;
  reminder_opt_outs: ReminderOptOutsTable;
  plugin_prices: PluginPricesTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  customers: CustomersTable;
  customer_sign_in_tokens: CustomerSignInTokensTable;
  customer_sessions: CustomerSessionsTable;
  settings: SettingsTable;
  admin_sessions: AdminSessionsTable;
  plugins: PluginsTable;
  activities: ActivitiesTable;
  licenses: LicensesTable;
  license_counts: LicenseCountsTable;
  email_counts: EmailCountsTable;
  customer_count: CustomerCountTable;
  retention_runs: RetentionRunsTable;
  dashboard_daily_orders: DashboardDailyOrdersTable;
  dashboard_daily_licences: DashboardDayCountTable;
  dashboard_licence_expiries: DashboardDayCountTable;
  dashboard_daily_sites: DashboardDailySitesTable;
  dashboard_site_versions: DashboardSiteVersionsTable;
  license_activations: LicenseActivationsTable;
  ended_activations: EndedActivationsTable;
  releases: ReleasesTable;
  release_changelogs: ReleaseChangelogsTable;
  release_rollout_steps: ReleaseRolloutStepsTable;
  release_health_reports: ReleaseHealthReportsTable;
  release_deactivation_reasons: ReleaseDeactivationReasonsTable;
  orders: OrdersTable;
  license_auto_renewals: LicenseAutoRenewalsTable;
  payment_events: PaymentEventsTable;
  emails: EmailsTable;
  image_uploads: ImageUploadsTable;
  store_pages: StorePagesTable;
  plugin_images: PluginImagesTable;
  postcode_rules: PostcodeRulesTable;
  postcode_sector_pricing: PostcodeSectorPricingTable;
  postcode_settings: PostcodeSettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
