import { useState, type FormEvent } from 'react';
import { MAX_STAGING_SITE_PATTERNS, type SettingsResponse } from '@common/settings';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdateSettings } from '../api/update-settings';
import { FormError } from './form-error';

const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
const toLines = (text: string): string[] => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** Base URL, limits and outgoing webhook endpoints; they take effect without a restart. */
export function GeneralSettingsCard({ settings }: { settings: SettingsResponse }) {
  const [baseUrl, setBaseUrl] = useState(settings.base_url ?? '');
  const [rateLimit, setRateLimit] = useState(String(settings.rate_limit_per_minute));
  const [maxFileSize, setMaxFileSize] = useState(String(settings.max_file_size_mb));
  const [localSitesExempt, setLocalSitesExempt] = useState(settings.local_sites_exempt);
  const [stagingPatterns, setStagingPatterns] = useState(settings.staging_site_patterns.join('\n'));
  const [trustEnvironment, setTrustEnvironment] = useState(settings.trust_environment_claim);
  const [endpoints, setEndpoints] = useState(settings.webhook_endpoints.join('\n'));
  const [minReleaseVersion, setMinReleaseVersion] = useState(settings.min_release_version);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(
      {
        base_url: baseUrl.trim() || null,
        // NaN is sent as null, so the server answers its own "must be a whole number" message.
        rate_limit_per_minute: toNumber(rateLimit),
        max_file_size_mb: toNumber(maxFileSize),
        local_sites_exempt: localSitesExempt,
        staging_site_patterns: toLines(stagingPatterns),
        trust_environment_claim: trustEnvironment,
        webhook_endpoints: toLines(endpoints),
        min_release_version: minReleaseVersion,
      },
      {
        onSuccess: () => toast({ title: 'Settings Saved', description: 'The new values are in effect.' }),
        onError: (caught) => setError(errorMessage(caught, 'Failed to save settings')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Server</CardTitle>
        <CardDescription>Public address, licence API rate limit, release upload size, minimum release version and outgoing webhooks.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="base-url">Base URL</Label>
            <Input id="base-url" type="url" placeholder={window.location.origin} value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="rate-limit">Rate limit per minute</Label>
              <Input id="rate-limit" inputMode="numeric" value={rateLimit} onChange={(event) => setRateLimit(event.target.value)} />
              <p className="text-xs text-muted-foreground">Licence API requests per IP address per minute.</p>
            </div>
            <div className="space-y-2">
              <Label htmlFor="max-file-size">Max file size (MB)</Label>
              <Input id="max-file-size" inputMode="numeric" value={maxFileSize} onChange={(event) => setMaxFileSize(event.target.value)} />
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
              aria-describedby="min-release-version-help"
            />
            <p id="min-release-version-help" className="text-xs text-muted-foreground">
              Releases below this version are not offered for sale; set 1.0.0 or 0.0.0 to sell from your first release.
            </p>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={localSitesExempt} onChange={(event) => setLocalSitesExempt(event.target.checked)} />
            Local and staging sites do not count toward a licence's activation limit
          </label>
          <div className="space-y-2">
            <Label htmlFor="staging-patterns">Staging site patterns</Label>
            <Textarea id="staging-patterns" rows={3} placeholder={'staging.*\n*.wpengine.com'} value={stagingPatterns} onChange={(event) => setStagingPatterns(event.target.value)} aria-describedby="staging-patterns-help" />
            <p id="staging-patterns-help" className="text-xs text-muted-foreground">
              Your own staging hosts, one per line (at most {MAX_STAGING_SITE_PATTERNS}); * stands for one or more whole parts of the name, so staging.* matches
              staging.shop.com and *.wpengine.com matches shop.wpengine.com. Localhost, private IP addresses and .local, .localhost, .test,
              .example and .invalid names never use a seat anyway. A site is judged when it activates: sites already active keep their
              status until they are deactivated and activated again.
            </p>
          </div>
          <div className="space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={trustEnvironment} onChange={(event) => setTrustEnvironment(event.target.checked)} aria-describedby="trust-environment-help" />
              Trust the plugin's environment claim
            </label>
            <p id="trust-environment-help" className="text-xs text-muted-foreground">
              When on (and local and staging sites are exempt), a site whose plugin reports a local, development or staging environment (wp_get_environment_type()) uses no seat. Off by
              default: any site can send that claim. It is recorded on the site either way.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="webhook-endpoints">Webhook endpoints</Label>
            <Textarea id="webhook-endpoints" rows={3} placeholder="https://example.com/hooks/licensing (one per line)" value={endpoints} onChange={(event) => setEndpoints(event.target.value)} />
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
