import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { usePlugin } from '../api/get-plugin';
import { ArtworkCard } from '../components/artwork-card';
import { PluginEditor } from '../components/plugin-editor';
import { PriceTiersCard } from '../components/price-tiers-card';
import { RetirePluginDialog } from '../components/retire-plugin-dialog';
import { SaleStatusBadge } from '../components/sale-status-badge';
import { UnretireButton } from '../components/unretire-button';

/** /plugins/{slug}: edit every field, upload the icon and banner, retire or put back on sale. */
export function PluginEditPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const plugin = usePlugin(slug);
  const [isRetiring, setIsRetiring] = useState(false);
  usePageMeta(plugin.data?.name ?? 'Plugins');

  return (
    <div className="space-y-6">
      <Button variant="ghost" size="sm" asChild>
        <Link href="/plugins">
          <ArrowLeft />
          Plugins
        </Link>
      </Button>
      {plugin.isPending && <Skeleton className="h-96 w-full" />}
      {plugin.isError && (
        <Card>
          <CardContent className="pt-6 text-destructive">
            {plugin.error instanceof ApiError && plugin.error.status === 404 ? 'Plugin not found' : errorMessage(plugin.error, 'Failed to load plugin data')}
          </CardContent>
        </Card>
      )}
      {plugin.data && (
        <>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
                {plugin.data.name}
                {plugin.data.retired_at ? <Badge variant="secondary">Retired</Badge> : <Badge>Active</Badge>}
              </h1>
              <p className="text-sm text-muted-foreground">
                Pricing and gallery images:{' '}
                <Link href="/plugin-settings" className="underline">
                  Plugin Settings
                </Link>
                . Releases:{' '}
                <Link href="/releases?action=upload" className="underline">
                  Releases
                </Link>
                . Minimum release version:{' '}
                <Link href="/settings" className="underline">
                  Settings
                </Link>
                .
              </p>
              <SaleStatusBadge status={plugin.data.sale_status} className="mt-2" />
            </div>
            {plugin.data.retired_at ? (
              <UnretireButton plugin={plugin.data} />
            ) : (
              <Button variant="outline" onClick={() => setIsRetiring(true)}>
                Retire
              </Button>
            )}
          </div>
          <PluginEditor key={plugin.data.slug} plugin={plugin.data} />
          <ArtworkCard slug={plugin.data.slug} />
          <PriceTiersCard slug={plugin.data.slug} currency={plugin.data.currency} />
          <RetirePluginDialog plugin={isRetiring ? plugin.data : null} onOpenChange={setIsRetiring} />
        </>
      )}
    </div>
  );
}
