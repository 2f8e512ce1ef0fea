import { useState } from 'react';
import { MAX_STAGING_SITE_PATTERNS, type SettingsResponse } from '@common/settings';
import { CheckboxField, FieldHelp, TextField } from '@/components/form-field';
import { toast } from '@/lib/use-toast';
import { useShopAddress } from '../api/shop-address';
import { SettingsCard, toLines, toNumber, useSettingsForm } from './settings-card';

/** The settings fields this form edits (their errors are shown beside them). */
const FORM_FIELDS = ['base_url', 'rate_limit_per_minute', 'max_file_size_mb', 'min_release_version', 'seller_name', 'staging_site_patterns'];

/** The card's texts. */
const CARD = {
  title: 'Server',
  description: 'Public address, licence API rate limit, release upload size, minimum release version and the seller named on receipts.',
  submitLabel: 'Save Settings',
};

/** Base URL and limits; they take effect without a restart. Webhook endpoints have their own card (webhook-endpoints-card.tsx). */
export function GeneralSettingsCard({ settings }: { settings: SettingsResponse }) {
  const [baseUrl, setBaseUrl] = useState(settings.base_url ?? '');
  const [rateLimit, setRateLimit] = useState(String(settings.rate_limit_per_minute));
  const [maxFileSize, setMaxFileSize] = useState(String(settings.max_file_size_mb));
  const [localSitesExempt, setLocalSitesExempt] = useState(settings.local_sites_exempt);
  const [stagingPatterns, setStagingPatterns] = useState(settings.staging_site_patterns.join('\n'));
  const [trustEnvironment, setTrustEnvironment] = useState(settings.trust_environment_claim);
  const [expiredPolicy, setExpiredPolicy] = useState(settings.expired_license_policy);
  const [minReleaseVersion, setMinReleaseVersion] = useState(settings.min_release_version);
  const [sellerName, setSellerName] = useState(settings.seller_name);
  const form = useSettingsForm(FORM_FIELDS, 'Failed to save settings');
  const shopAddress = useShopAddress();
  const { errors } = form;

  const submit = () =>
    form.save(
      {
        base_url: baseUrl.trim() || null,
        // NaN is sent as null, so the server answers its own "must be a whole number" message.
        rate_limit_per_minute: toNumber(rateLimit),
        max_file_size_mb: toNumber(maxFileSize),
        local_sites_exempt: localSitesExempt,
        staging_site_patterns: toLines(stagingPatterns),
        trust_environment_claim: trustEnvironment,
        expired_license_policy: expiredPolicy,
        min_release_version: minReleaseVersion,
        seller_name: sellerName,
      },
      () => toast({ title: 'Settings Saved', description: 'The new values are in effect.' }),
    );

  return (
    <SettingsCard {...CARD} onSubmit={submit} form={form}>
      <TextField
        id="base-url"
        label="Base URL"
        type="url"
        placeholder={window.location.origin}
        value={baseUrl}
        onChange={setBaseUrl}
        error={errors.base_url}
        help={
          <>
            E-mailed links start with it.{' '}
            {shopAddress.data?.confirmed_origin
              ? `While it is empty they use the shop's address you confirmed, ${shopAddress.data.confirmed_origin}.`
              : "While it is empty and no shop's address is confirmed, e-mails with links wait in the outbox."}
          </>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="rate-limit"
          label="Rate limit per minute"
          inputMode="numeric"
          value={rateLimit}
          onChange={setRateLimit}
          error={errors.rate_limit_per_minute}
          help="Licence API requests per IP address per minute."
        />
        <TextField
          id="max-file-size"
          label="Max file size (MB)"
          inputMode="numeric"
          value={maxFileSize}
          onChange={setMaxFileSize}
          error={errors.max_file_size_mb}
          help="Largest release zip accepted."
        />
      </div>
      <TextField
        id="min-release-version"
        label="Minimum release version"
        className="sm:max-w-48"
        placeholder="1.7.51"
        value={minReleaseVersion}
        onChange={setMinReleaseVersion}
        error={errors.min_release_version}
        help="Releases below this version are not offered for sale; set 1.0.0 or 0.0.0 to sell from your first release."
      />
      <TextField
        id="seller-name"
        label="Seller name"
        className="sm:max-w-md"
        value={sellerName}
        onChange={setSellerName}
        error={errors.seller_name}
        help="The seller named on the receipts customers print from their account page."
      />
      <CheckboxField
        checked={localSitesExempt}
        onChange={setLocalSitesExempt}
        label="Local and staging sites do not count toward a licence's activation limit"
      />
      <TextField
        id="staging-patterns"
        label="Staging site patterns"
        rows={3}
        placeholder={'staging.*\n*.wpengine.com'}
        value={stagingPatterns}
        onChange={setStagingPatterns}
        error={errors.staging_site_patterns}
        help={
          <>
            Your own staging hosts, one per line (at most {MAX_STAGING_SITE_PATTERNS}); * stands for one or more whole parts of the name, so staging.* matches
            staging.shop.com and *.wpengine.com matches shop.wpengine.com. Localhost, private IP addresses and .local, .localhost, .test, .example and .invalid
            names never use a seat anyway. A site is judged when it activates: sites already active keep their status until they are deactivated and activated
            again.
          </>
        }
      />
      <CheckboxField
        checked={trustEnvironment}
        onChange={setTrustEnvironment}
        label="Trust the plugin's environment claim"
        helpId="trust-environment-help"
        help="When on (and local and staging sites are exempt), a site whose plugin reports a local, development or staging environment (wp_get_environment_type()) uses no seat. Off by default: any site can send that claim. It is recorded on the site either way."
      />
      <div className="space-y-1">
        <label htmlFor="expired-license-policy" className="text-sm font-medium">
          What an expired licence does
        </label>
        <select
          id="expired-license-policy"
          className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm"
          value={expiredPolicy}
          onChange={(event) => setExpiredPolicy(event.target.value as typeof expiredPolicy)}
        >
          <option value="updates_only">Keeps validating on its activated sites, no updates</option>
          <option value="stop_validating">Stops validating</option>
        </select>
        <FieldHelp>Either way an expired licence gets no updates and activates no new site; the update check links to renewal.</FieldHelp>
      </div>
    </SettingsCard>
  );
}
