import type { LicenseDetail } from '@common/licenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useDeactivateSite } from '../api/deactivate-site';
import { formatDate } from '@/lib/dates';
import { siteLimitText } from '@common/licenses';

/** The sites a licence is active on, each with a Deactivate action that frees its seat. */
export function LicenseSites({ license }: { license: LicenseDetail }) {
  const deactivate = useDeactivateSite();
  return (
    <section className="space-y-2 border-t pt-4">
      <h3 className="text-sm font-semibold">
        Sites ({license.activations_used} of {siteLimitText(license.max_activations)} used)
      </h3>
      {license.activations.length === 0 ? (
        <p className="text-sm text-muted-foreground">Not active on any site.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Activated sites">
          {license.activations.map((site) => (
            <li key={site.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="flex items-center gap-2 truncate font-mono text-sm">
                  {site.site_url}
                  {site.is_local && <Badge variant="secondary">Local</Badge>}
                </p>
                <p className="text-xs text-muted-foreground">
                  Activated {formatDate(site.created_at)}
                  {site.last_checked_at ? ` · last checked ${formatDate(site.last_checked_at)}` : ''}
                  {/* What the plugin claimed, recorded as sent; it frees a seat only if Settings trust it. */}
                  {site.environment ? ` · environment claimed: ${site.environment}` : ''}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                disabled={deactivate.isPending}
                onClick={() =>
                  deactivate.mutate(
                    { licenseId: license.id, activationId: site.id },
                    {
                      onSuccess: () => toast({ title: 'Site Deactivated', description: site.site_url }),
                      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to deactivate site'), variant: 'destructive' }),
                    },
                  )
                }
              >
                Deactivate
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
