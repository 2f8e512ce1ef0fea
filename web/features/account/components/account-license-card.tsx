import { Download } from 'lucide-react';
import type { AccountLicense } from '@common/account';
import { isUnlimitedActivations, siteLimitText, siteUsagePercent } from '@common/licenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useCreateDownload } from '../api/create-download';
import { useSetAutoRenew } from '../api/set-auto-renew';
import { formatDate } from '@/lib/dates';
import { useSpelling } from '@/lib/brand';
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

/** "Automatic renewal: on/off" for a licence with a term: the saved card is charged at expiry (docs/account.md). */
function AutoRenewSwitch({ license }: { license: AccountLicense }) {
  const setAutoRenew = useSetAutoRenew();
  const say = useSpelling();
  const state = license.auto_renew;
  if (license.expires_at === null || license.status === 'revoked') return null;
  const change = (enabled: boolean) =>
    setAutoRenew.mutate(
      { licenseId: license.id, enabled },
      {
        onSuccess: (next) =>
          toast({
            title: next.enabled ? 'Automatic renewal is on' : 'Automatic renewal is off',
            description: next.enabled ? say('Your saved card is charged when the licence expires.') : 'Renew by hand from the renewal e-mail or this page.',
          }),
        onError: (error) => toast({ title: 'Automatic renewal not changed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  return (
    <div className="space-y-1 rounded-md border p-3 text-sm" data-testid="licence-auto-renew">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={state.enabled}
          disabled={setAutoRenew.isPending || (!state.enabled && !state.card_saved)}
          onChange={(event) => change(event.target.checked)}
        />
        Automatic renewal: {state.enabled ? 'on' : 'off'}
      </label>
      <p className="text-muted-foreground">
        {state.enabled
          ? license.expires_at && `Your saved card is charged for the renewal price on ${formatDate(license.expires_at)}.`
          : state.card_saved
            ? say('Turn it on to renew with your saved card when the licence expires.')
            : say('No card is saved for this licence. Renew it once with "Renew automatically" ticked to save one.')}
      </p>
      {state.enabled && state.next_attempt_at && (
        <p className="text-destructive">The last payment failed; it is tried again on {formatDate(state.next_attempt_at)}.</p>
      )}
    </div>
  );
}

/** One of the customer's licences: key, plugin, plan, status, expiry, seats, its sites and the download. */
export function AccountLicenseCard({ license }: { license: AccountLicense }) {
  const usage = siteUsagePercent(license.activations_used, license.max_activations);
  const say = useSpelling();
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
            <Badge variant="outline" data-testid="licence-plan">
              {license.plan_name}
            </Badge>
          </div>
        </div>
        <LicenseKeyField licenseKey={license.key} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Expires</dt>
            <dd data-testid="licence-expiry">{license.expires_at ? formatDate(license.expires_at) : say('Never (lifetime licence)')}</dd>
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
        <AutoRenewSwitch license={license} />
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
              {license.status === 'active' ? 'No release is available to download yet.' : say('Downloads need an active licence.')}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
