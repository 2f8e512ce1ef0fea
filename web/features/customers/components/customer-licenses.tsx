import { useState, type ReactNode } from 'react';
import type { CustomerDetail } from '@common/customers';
import { PLAN_LABELS } from '@common/licenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/dates';
import { toast } from '@/lib/use-toast';
import { useDeactivateCustomerSite } from '../api/deactivate-customer-site';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { siteLimitText } from '@common/licenses';

type License = CustomerDetail['licenses'][number];

/** The customer's licences: plan, status, expiry and sites, each site with Deactivate (confirmed). `actions` adds per-licence buttons. */
export function CustomerLicenses({ licenses, actions }: { licenses: License[]; actions?: (license: License) => ReactNode }) {
  const deactivate = useDeactivateCustomerSite();
  const [site, setSite] = useState<{ licenseId: number; activationId: number; url: string } | null>(null);
  if (licenses.length === 0) return <p className="text-muted-foreground">No licences.</p>;
  const confirm = () => {
    if (!site) return;
    deactivate.mutate(
      { licenseId: site.licenseId, activationId: site.activationId },
      {
        onSuccess: () => {
          toast({ title: 'Site Deactivated', description: site.url });
          setSite(null);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to deactivate the site'), variant: 'destructive' }),
      },
    );
  };
  return (
    <ul className="space-y-4">
      {licenses.map((license) => (
        <li key={license.id} className="rounded-md border p-4" data-testid="customer-licence" data-key={license.key}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <div className="font-mono text-sm [overflow-wrap:anywhere]">{license.key}</div>
              <div className="text-sm text-muted-foreground">
                {license.plugin_slug} · {license.tier ? `${license.tier} · ` : ''}
                {PLAN_LABELS[license.plan]} · {license.expires_at ? `expires ${formatDate(license.expires_at)}` : 'never expires'} ·{' '}
                {license.sites.filter((each) => !each.is_local).length} of {siteLimitText(license.max_activations).toLowerCase()} sites
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={license.status === 'active' ? 'default' : license.status === 'revoked' ? 'destructive' : 'secondary'}>{license.status}</Badge>
              {actions?.(license)}
            </div>
          </div>
          {license.sites.length > 0 && (
            <ul className="mt-3 space-y-1">
              {license.sites.map((each) => (
                <li key={each.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="[overflow-wrap:anywhere]">
                    {each.site_url}
                    {each.is_local && <span className="text-muted-foreground"> (local, not counted)</span>}
                  </span>
                  <Button variant="outline" size="sm" onClick={() => setSite({ licenseId: license.id, activationId: each.id, url: each.site_url })}>
                    Deactivate
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
      <ConfirmDialog
        open={site !== null}
        onOpenChange={(open) => !open && setSite(null)}
        title="Deactivate Site"
        description={
          <>
            Deactivate <strong>{site?.url}</strong>? The site stops receiving updates until it is activated again, and its seat is freed.
          </>
        }
        confirmLabel="Deactivate"
        pendingLabel="Deactivating..."
        pending={deactivate.isPending}
        onConfirm={confirm}
      />
    </ul>
  );
}
