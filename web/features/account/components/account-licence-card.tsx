import { Download } from 'lucide-react';
import type { AccountLicence } from '@common/account';
import { PLAN_LABELS } from '@common/licences';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useCreateDownload } from '../api/create-download';
import { formatDate } from '@/lib/dates';
import { DeactivateSiteButton } from './deactivate-site-button';
import { LicenceKeyField } from './licence-key-field';

const STATUS_VARIANT = { active: 'success', expired: 'warning', revoked: 'destructive' } as const;

function DownloadButton({ licence }: { licence: AccountLicence }) {
  const download = useCreateDownload();
  const start = () =>
    download.mutate(licence.id, {
      // The link is signed and expires soon: follow it at once; the zip's Content-Disposition keeps this page open.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast({ title: 'Download Failed', description: errorMessage(error, 'Failed to prepare the download. Please try again.'), variant: 'destructive' }),
    });
  return (
    <Button onClick={start} disabled={!licence.download_available || download.isPending}>
      <Download aria-hidden="true" />
      {download.isPending ? 'Preparing...' : 'Download latest release'}
    </Button>
  );
}

/** One of the customer's licences: key, plugin, plan, status, expiry, seats, its sites and the download. */
export function AccountLicenceCard({ licence }: { licence: AccountLicence }) {
  const usage = licence.max_activations > 0 ? (licence.activations_used / licence.max_activations) * 100 : 0;
  const headingId = `licence-${licence.id}-title`;
  return (
    <Card data-testid="account-licence" data-licence-id={licence.id} aria-labelledby={headingId} role="region">
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold">
            {licence.plugin_name}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={STATUS_VARIANT[licence.status]} className="capitalize">
              {licence.status}
            </Badge>
            <Badge variant="outline">{PLAN_LABELS[licence.plan]}</Badge>
          </div>
        </div>
        <LicenceKeyField licenceKey={licence.key} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Expires</dt>
            <dd data-testid="licence-expiry">{licence.expires_at ? formatDate(licence.expires_at) : 'Never (lifetime licence)'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Sites</dt>
            <dd data-testid="licence-seats">
              {licence.activations_used} of {licence.max_activations} used, {licence.activations_left} left
            </dd>
          </div>
        </dl>
        <Progress value={usage} label={`Sites ${licence.activations_used} of ${licence.max_activations} used`} />
        <section className="space-y-2" aria-labelledby={`${headingId}-sites`}>
          <h4 id={`${headingId}-sites`} className="text-sm font-semibold">
            Activated sites
          </h4>
          {licence.sites.length === 0 ? (
            <p className="text-sm text-muted-foreground">Not active on any site yet. Enter the key in the plugin's settings on your WordPress site.</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {licence.sites.map((site) => (
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
                  <DeactivateSiteButton licenceId={licence.id} site={site} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <DownloadButton licence={licence} />
          {!licence.download_available && (
            <p className="text-sm text-muted-foreground">
              {licence.status === 'active' ? 'No release is available to download yet.' : 'Downloads need an active licence.'}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
