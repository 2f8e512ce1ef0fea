import type { Database } from '../../db/database.js';
import type { Config } from '../../config.js';
import { SECRET_SETTING_NAMES, type SettingsResponse, type SettingsUpdate } from '../../../common/settings.js';
import { readAllSettings, writeSettings } from './settings.repository.js';
import { STORED_SECRET_NAMES, type SecretView, type StoredSecretName, type ValueSource } from '../../../common/payment-setup.js';
import { isSealedSecret, SecretBox } from '../../lib/secret-box.js';
import { readStoreIdentity } from '../../../common/store-identity.js';
import { CONFIRMED_ORIGIN_KEY, DEFAULTS, type PublicSettings } from './settings-defaults.js';

/**
 * Settings live in the database and are cached in memory; every write goes through here and
 * refreshes the cache, so a change takes effect without a restart. Writes made by another process (another
 * instance, a worker, `npm run admin:password`) reach the cache through `load()`, which settings-sync.ts
 * calls when PostgreSQL notifies a change or SQLite's data_version moves.
 */
export class SettingsService {
  private values = new Map<string, unknown>();
  /** Counts this process's writes, so a load that read before a write finished never overwrites it. */
  private writes = 0;
  /** Seals and opens the secrets saved in the admin; its key is read on first use (server/lib/secret-box.ts). */
  private readonly box: SecretBox;
  /** Called after every load: caches built from settings (the postcode index) check whether theirs moved. */
  private readonly loadListeners = new Set<() => void>();

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    this.box = new SecretBox({ SECRETS_KEY: config.SECRETS_KEY, SECRETS_KEY_PREVIOUS: config.SECRETS_KEY_PREVIOUS, dataDir: config.dataDir });
  }

  async load(): Promise<void> {
    for (;;) {
      const writesBefore = this.writes;
      const values = await readAllSettings(this.db);
      // A write of ours landed while reading: the rows read may predate it, so read again.
      if (writesBefore === this.writes) {
        this.values = values;
        for (const listener of this.loadListeners) listener();
        return;
      }
    }
  }

  /** Runs `listener` after each (re)load, e.g. when another process changed a setting; answers the unsubscribe. */
  onLoad(listener: () => void): () => void {
    this.loadListeners.add(listener);
    return () => this.loadListeners.delete(listener);
  }

  get<K extends keyof PublicSettings>(key: K): PublicSettings[K] {
    const stored = this.values.get(key);
    if (stored !== undefined && stored !== null) return stored as PublicSettings[K];
    if (key === 'base_url' && this.config.BASE_URL) return this.config.BASE_URL as PublicSettings[K];
    if (key === 'seller_name') {
      // The store identity's own row (server/modules/storefront): read here, as it is a setting of this store.
      const identity = readStoreIdentity(this.values.get('store_identity'));
      return (identity.legal_name || identity.store_name) as PublicSettings[K];
    }
    return DEFAULTS[key];
  }

  /** The public base URL of this server, without a trailing slash. */
  baseUrl(fallback: string): string {
    return (this.get('base_url') || fallback).replace(/\/+$/, '');
  }

  /**
   * The ONE answer to "where do e-mailed links point" (docs/checkout.md, "Links in e-mails"): Base URL from
   * Settings, else BASE_URL, else the origin the admin confirmed (the first-run "Your shop's address" prompt),
   * else null, and e-mails that need links wait in the outbox. Nothing a buyer's or an anonymous request says
   * (Host, X-Forwarded-Host, an order's origin) ever feeds it. No trailing slash.
   */
  emailLinkBase(): string | null {
    const base = this.get('base_url') || this.confirmedOrigin();
    return base ? base.replace(/\/+$/, '') : null;
  }

  /** The origin the admin confirmed as the shop's address, stored in the database so every instance sees it. */
  confirmedOrigin(): string | null {
    const stored = this.values.get(CONFIRMED_ORIGIN_KEY);
    return typeof stored === 'string' && stored !== '' ? stored : null;
  }

  async confirmOrigin(origin: string): Promise<void> {
    await this.setInternal({ [CONFIRMED_ORIGIN_KEY]: origin });
  }

  /** Where a secret in use comes from: the environment wins over a value saved in the admin (docs/secrets.md). */
  secretSource(name: StoredSecretName): ValueSource | null {
    if (this.secretFromEnvironment(name)) return 'environment';
    return this.storedSecret(name) !== null ? 'admin' : null;
  }

  getSecret(name: StoredSecretName): string | null {
    return this.secretFromEnvironment(name) ?? this.storedSecret(name);
  }

  /** What the browser may know of a secret: whether set, its last four characters, its source. */
  secretView(name: StoredSecretName): SecretView {
    const value = this.getSecret(name);
    return { is_set: value !== null, last4: value !== null && value.length >= 12 ? value.slice(-4) : null, source: this.secretSource(name) };
  }

  private secretFromEnvironment(name: StoredSecretName): string | null {
    const fromEnv: Record<StoredSecretName, string | undefined> = {
      stripe_secret_key: this.config.STRIPE_SECRET_KEY,
      stripe_webhook_secret: this.config.STRIPE_WEBHOOK_SECRET,
      lemonsqueezy_webhook_secret: this.config.LEMONSQUEEZY_WEBHOOK_SECRET,
      webhook_secret: undefined,
      smtp_password: undefined,
    };
    return fromEnv[name] ?? null;
  }

  /** The saved value, opened; a value sealed under a key this process lacks counts as unset (and is logged once by its reader). */
  private storedSecret(name: StoredSecretName): string | null {
    const stored = this.values.get(name);
    // Saved before sealing existed (plain text): still read; the next save seals it.
    if (typeof stored === 'string') return stored.length > 0 ? stored : null;
    if (!isSealedSecret(stored)) return null;
    const plain = this.box.open(stored);
    return plain !== null && plain.length > 0 ? plain : null;
  }

  /** Whether a saved secret could not be opened with this process's keys (SECRETS_KEY differs between instances). */
  unreadableSecret(name: StoredSecretName): boolean {
    const stored = this.values.get(name);
    return isSealedSecret(stored) && this.box.open(stored) === null;
  }

  /**
   * After a key rotation (SECRETS_KEY new, SECRETS_KEY_PREVIOUS the old one): seals again under the current key every
   * saved secret sealed under another, and plain ones saved before sealing existed; answers how many.
   */
  async resealSecrets(): Promise<number> {
    const entries: Record<string, string> = {};
    for (const name of STORED_SECRET_NAMES) {
      const stored = this.values.get(name);
      const stale = typeof stored === 'string' ? stored.length > 0 : isSealedSecret(stored) && this.box.isStale(stored);
      const plain = stale ? this.storedSecret(name) : null;
      if (plain !== null) entries[name] = plain;
    }
    if (Object.keys(entries).length > 0) await this.setSecrets(entries);
    return Object.keys(entries).length;
  }

  /** Saves secrets sealed (null or '' clears one). */
  async setSecrets(entries: Partial<Record<StoredSecretName, string | null>>): Promise<void> {
    await this.setInternal(this.sealEntries(entries));
  }

  private sealEntries(entries: Partial<Record<string, string | null | undefined>>): Record<string, unknown> {
    const sealed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) continue;
      sealed[name] = value === null || value === '' ? null : this.box.seal(value);
    }
    return sealed;
  }

  /** Internal values never answered by the settings API (password hash, token hash). */
  getInternal(key: string): unknown {
    return this.values.get(key);
  }

  async setInternal(entries: Record<string, unknown>): Promise<void> {
    await writeSettings(this.db, entries);
    this.writes += 1;
    for (const [key, value] of Object.entries(entries)) this.values.set(key, value);
  }

  async update(patch: SettingsUpdate): Promise<void> {
    const entries: Record<string, unknown> = {};
    const secrets: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if ((SECRET_SETTING_NAMES as readonly string[]).includes(key)) secrets[key] = value as string | null;
      else entries[key] = key === 'base_url' && value === '' ? null : value;
    }
    await this.setInternal({ ...entries, ...this.sealEntries(secrets) });
  }

  /** The Settings answer; the public key comes from the caller's ctx.signing (the settings module parses no key). */
  toResponse(signingPublicKey: string): SettingsResponse {
    const secret = (name: StoredSecretName) => ({ is_set: this.getSecret(name) !== null });
    const tokenCreatedAt = this.values.get('api_token_created_at');
    return {
      base_url: this.get('base_url'),
      rate_limit_per_minute: this.get('rate_limit_per_minute'),
      max_file_size_mb: this.get('max_file_size_mb'),
      local_sites_exempt: this.get('local_sites_exempt'),
      staging_site_patterns: this.get('staging_site_patterns'),
      trust_environment_claim: this.get('trust_environment_claim'),
      expired_license_policy: this.get('expired_license_policy'),
      min_release_version: this.get('min_release_version'),
      seller_name: this.get('seller_name'),
      rollout_halt_failure_percent: this.get('rollout_halt_failure_percent'),
      rollout_halt_min_sites: this.get('rollout_halt_min_sites'),
      rollout_halt_min_failing_licenses: this.get('rollout_halt_min_failing_licenses'),
      rollout_alert_email: this.get('rollout_alert_email'),
      renewal_reminder_days: this.get('renewal_reminder_days'),
      renewal_reminder_subject: this.get('renewal_reminder_subject'),
      renewal_reminder_body: this.get('renewal_reminder_body'),
      renewal_reminder_expired_subject: this.get('renewal_reminder_expired_subject'),
      renewal_reminder_expired_body: this.get('renewal_reminder_expired_body'),
      auto_renew_days_before: this.get('auto_renew_days_before'),
      retention: this.get('retention'),
      auto_renew_retry_days: this.get('auto_renew_retry_days'),
      auto_renew_failed_subject: this.get('auto_renew_failed_subject'),
      auto_renew_failed_body: this.get('auto_renew_failed_body'),
      auto_renew_stopped_subject: this.get('auto_renew_stopped_subject'),
      auto_renew_stopped_body: this.get('auto_renew_stopped_body'),
      auto_renew_reminder_subject: this.get('auto_renew_reminder_subject'),
      auto_renew_reminder_body: this.get('auto_renew_reminder_body'),
      deactivation_survey_enabled: this.get('deactivation_survey_enabled'),
      deactivation_reasons: this.get('deactivation_reasons'),
      lemonsqueezy_store: this.get('lemonsqueezy_store'),
      secrets: Object.fromEntries(SECRET_SETTING_NAMES.map((name) => [name, secret(name)])) as SettingsResponse['secrets'],
      api_token: {
        is_set: typeof this.values.get('api_token_hash') === 'string',
        created_at: typeof tokenCreatedAt === 'string' ? tokenCreatedAt : null,
      },
      signing_public_key: signingPublicKey,
    };
  }
}
