import { Download } from 'lucide-react';
import type { AccountLicense } from '@common/account';
import { isUnlimitedActivations, PLAN_LABELS, siteLimitText, siteUsagePercent } from '@common/licenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useCreateDownload } from '../api/create-download';
import { formatDate } from '@/lib/dates';
import { DeactivateSiteButton } from './deactivate-site-button';
import { LicenseKeyField } from './license-key-field';

const STATUS_VARIANT = { active: 'success', expired: 'warning', revoked: 'destructive' } as const;

function DownloadButton({ license }: { license: AccountLicense }) {
  const download = useCreateDownload();
  const start = () =>
    download.mutate(license.id, {
      // The link is signed and expires soon: follow it at once; the zip's Content-Disposition keeps this page open.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        toast({ title: 'Download Failed', description: errorMessage(error, 'Failed to prepare the download. Please try again.'), variant: 'destructive' }),
    });
  return (
    <Button onClick={start} disabled={!license.download_available || download.isPending}>
      <Download aria-hidden="true" />
      {download.isPending ? 'Preparing...' : 'Download latest release'}
    </Button>
  );
}

/** One of the customer's licences: key, plugin, plan, status, expiry, seats, its sites and the download. */
export function AccountLicenseCard({ license }: { license: AccountLicense }) {
  const usage = siteUsagePercent(license.activations_used, license.max_activations);
  const unlimited = isUnlimitedActivations(license.max_activations);
  const headingId = `licence-${license.id}-title`;
  return (
    <Card data-testid="account-licence" data-licence-id={license.id} aria-labelledby={headingId} role="region">
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold">
            {license.plugin_name}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={STATUS_VARIANT[license.status]} className="capitalize">
              {license.status}
            </Badge>
            <Badge variant="outline">{PLAN_LABELS[license.plan]}</Badge>
          </div>
        </div>
        <LicenseKeyField licenseKey={license.key} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Expires</dt>
            <dd data-testid="licence-expiry">{license.expires_at ? formatDate(license.expires_at) : 'Never (lifetime licence)'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Sites</dt>
            <dd data-testid="licence-seats">
              {unlimited
                ? `${license.activations_used} used, unlimited sites`
                : `${license.activations_used} of ${license.max_activations} used, ${license.activations_left} left`}
            </dd>
          </div>
        </dl>
        {license.renew_url && (
          <p className="text-sm">
            <a href={license.renew_url} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="licence-renew">
              {license.plan === 'lifetime' ? 'Upgrade' : 'Renew or upgrade'}
            </a>
          </p>
        )}
        <Progress value={usage} label={`Sites ${license.activations_used} of ${siteLimitText(license.max_activations)} used`} />
        <section className="space-y-2" aria-labelledby={`${headingId}-sites`}>
          <h4 id={`${headingId}-sites`} className="text-sm font-semibold">
            Activated sites
          </h4>
          {license.sites.length === 0 ? (
            <p className="text-sm text-muted-foreground">Not active on any site yet. Enter the key in the plugin's settings on your WordPress site.</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {license.sites.map((site) => (
                <li key={site.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2" data-testid="account-site">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 break-all font-mono text-sm">
                      {site.site_url}
                      {site.is_local && <Badge variant="secondary">Uses no seat</Badge>}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Activated {formatDate(site.activated_at)}
                      {site.last_seen_at ? ` · last checked ${formatDate(site.last_seen_at)}` : ''}
                    </p>
                  </div>
                  <DeactivateSiteButton licenseId={license.id} site={site} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <DownloadButton license={license} />
          {!license.download_available && (
            <p className="text-sm text-muted-foreground">
              {license.status === 'active' ? 'No release is available to download yet.' : 'Downloads need an active licence.'}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
