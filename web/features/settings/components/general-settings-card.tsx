import { useState, type FormEvent } from 'react';
import { MAX_STAGING_SITE_PATTERNS, type SettingsResponse } from '@common/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useShopAddress } from '../api/shop-address';
import { useUpdateSettings } from '../api/update-settings';
import { FieldError, FormError, invalidProps } from './form-error';

/** The settings fields this form edits (their errors are shown beside them). */
const FORM_FIELDS = new Set(['base_url', 'rate_limit_per_minute', 'max_file_size_mb', 'min_release_version', 'seller_name', 'staging_site_patterns']);

const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
const toLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

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
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();
  const shopAddress = useShopAddress();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setErrors({});
    update.mutate(
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
      {
        onSuccess: () => toast({ title: 'Settings Saved', description: 'The new values are in effect.' }),
        onError: (caught) => {
          // Problems with fields of this form are shown at the fields; anything else as one message below.
          const byField = fieldErrors(caught);
          const shown = Object.fromEntries(Object.entries(byField).filter(([field]) => FORM_FIELDS.has(field)));
          setErrors(shown);
          setError(
            Object.keys(shown).length > 0 && Object.keys(shown).length === Object.keys(byField).length ? null : errorMessage(caught, 'Failed to save settings'),
          );
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Server</CardTitle>
        <CardDescription>
          Public address, licence API rate limit, release upload size, minimum release version and the seller named on receipts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="base-url">Base URL</Label>
            <Input
              id="base-url"
              type="url"
              placeholder={window.location.origin}
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
              {...invalidProps('base-url-error', errors.base_url, 'base-url-help')}
            />
            <FieldError id="base-url-error" message={errors.base_url} />
            <p id="base-url-help" className="text-xs text-muted-foreground">
              E-mailed links start with it.{' '}
              {shopAddress.data?.confirmed_origin
                ? `While it is empty they use the shop's address you confirmed, ${shopAddress.data.confirmed_origin}.`
                : "While it is empty and no shop's address is confirmed, e-mails with links wait in the outbox."}
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="rate-limit">Rate limit per minute</Label>
              <Input
                id="rate-limit"
                inputMode="numeric"
                value={rateLimit}
                onChange={(event) => setRateLimit(event.target.value)}
                {...invalidProps('rate-limit-error', errors.rate_limit_per_minute)}
              />
              <FieldError id="rate-limit-error" message={errors.rate_limit_per_minute} />
              <p className="text-xs text-muted-foreground">Licence API requests per IP address per minute.</p>
            </div>
            <div className="space-y-2">
              <Label htmlFor="max-file-size">Max file size (MB)</Label>
              <Input
                id="max-file-size"
                inputMode="numeric"
                value={maxFileSize}
                onChange={(event) => setMaxFileSize(event.target.value)}
                {...invalidProps('max-file-size-error', errors.max_file_size_mb)}
              />
              <FieldError id="max-file-size-error" message={errors.max_file_size_mb} />
              <p className="text-xs text-muted-foreground">Largest release zip accepted.</p>
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="min-release-version">Minimum release version</Label>
            <Input
              id="min-release-version"
              className="sm:max-w-48"
              placeholder="1.7.51"
              value={minReleaseVersion}
              onChange={(event) => setMinReleaseVersion(event.target.value)}
              {...invalidProps('min-release-version-error', errors.min_release_version, 'min-release-version-help')}
            />
            <FieldError id="min-release-version-error" message={errors.min_release_version} />
            <p id="min-release-version-help" className="text-xs text-muted-foreground">
              Releases below this version are not offered for sale; set 1.0.0 or 0.0.0 to sell from your first release.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="seller-name">Seller name</Label>
            <Input
              id="seller-name"
              className="sm:max-w-md"
              value={sellerName}
              onChange={(event) => setSellerName(event.target.value)}
              {...invalidProps('seller-name-error', errors.seller_name, 'seller-name-help')}
            />
            <FieldError id="seller-name-error" message={errors.seller_name} />
            <p id="seller-name-help" className="text-xs text-muted-foreground">
              The seller named on the receipts customers print from their account page.
            </p>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={localSitesExempt}
              onChange={(event) => setLocalSitesExempt(event.target.checked)}
            />
            Local and staging sites do not count toward a licence's activation limit
          </label>
          <div className="space-y-2">
            <Label htmlFor="staging-patterns">Staging site patterns</Label>
            <Textarea
              id="staging-patterns"
              rows={3}
              placeholder={'staging.*\n*.wpengine.com'}
              value={stagingPatterns}
              onChange={(event) => setStagingPatterns(event.target.value)}
              {...invalidProps('staging-patterns-error', errors.staging_site_patterns, 'staging-patterns-help')}
            />
            <FieldError id="staging-patterns-error" message={errors.staging_site_patterns} />
            <p id="staging-patterns-help" className="text-xs text-muted-foreground">
              Your own staging hosts, one per line (at most {MAX_STAGING_SITE_PATTERNS}); * stands for one or more whole parts of the name, so staging.* matches
              staging.shop.com and *.wpengine.com matches shop.wpengine.com. Localhost, private IP addresses and .local, .localhost, .test, .example and
              .invalid names never use a seat anyway. A site is judged when it activates: sites already active keep their status until they are deactivated and
              activated again.
            </p>
          </div>
          <div className="space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={trustEnvironment}
                onChange={(event) => setTrustEnvironment(event.target.checked)}
                aria-describedby="trust-environment-help"
              />
              Trust the plugin's environment claim
            </label>
            <p id="trust-environment-help" className="text-xs text-muted-foreground">
              When on (and local and staging sites are exempt), a site whose plugin reports a local, development or staging environment
              (wp_get_environment_type()) uses no seat. Off by default: any site can send that claim. It is recorded on the site either way.
            </p>
          </div>
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
            <p className="text-xs text-muted-foreground">
              Either way an expired licence gets no updates and activates no new site; the update check links to renewal.
            </p>
          </div>
          <FormError message={error} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
