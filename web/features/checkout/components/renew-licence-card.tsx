import { tierSummary } from '@common/prices';
import type { RenewalQuote } from '@common/renewals';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { useSpelling } from '@/lib/brand';

const STATUS_VARIANT: Record<string, 'success' | 'warning' | 'destructive'> = { active: 'success', expired: 'warning', revoked: 'destructive' };

/** The renewal page's licence: plugin, status, tier and current expiry. */
export function RenewLicenceCard({ data }: { data: RenewalQuote }) {
  const say = useSpelling();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3" data-testid="renew-plugin">
          {data.plugin_name}
          <Badge variant={STATUS_VARIANT[data.status] ?? 'warning'} className="capitalize" data-testid="renew-status">
            {data.status}
          </Badge>
        </CardTitle>
        <CardDescription>{say(`Licence ${data.license_key_hint}`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Tier</dt>
            <dd data-testid="renew-tier">{data.tier ? `${data.tier.name}: ${tierSummary(data.tier)}` : 'No price tier'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Current expiry</dt>
            <dd data-testid="renew-current-expiry" data-expires-at={data.expires_at ?? ''}>
              {data.expires_at ? formatDate(data.expires_at) : say('Never (lifetime licence)')}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
