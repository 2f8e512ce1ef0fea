import { useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminPlugin } from '@common/plugins';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { usePageMeta } from '@/lib/page-meta';
import { useSaleStatuses } from '../api/get-sale-statuses';
import { CreatePluginDialog } from '../components/create-plugin-dialog';
import { DemoContentCard } from '../components/demo-content-card';
import { PluginsListTable } from '../components/plugins-list-table';
import { RetirePluginDialog } from '../components/retire-plugin-dialog';
import { PageHeader } from '@/components/page-header';

/** Plugins (beyond the specification): the vendor's catalogue, created, edited and retired here. */
export function PluginsPage() {
  usePageMeta('Plugins');
  const plugins = useAdminPlugins();
  const sales = useSaleStatuses();
  const saleStatuses = useMemo(() => new Map(sales.data?.map((entry) => [entry.slug, entry.sale_status])), [sales.data]);
  const [isCreating, setIsCreating] = useState(false);
  const [retiring, setRetiring] = useState<AdminPlugin | null>(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Plugins"
          description="Your catalogue: create a plugin, then give it pricing (Plugin Settings) and a release at or above the minimum release version (Settings) to put it on sale."
        />
        <Button onClick={() => setIsCreating(true)}>
          <Plus />
          New Plugin
        </Button>
      </div>
      <Card>
        <CardContent className="pt-6">
          {plugins.isPending && (
            <div className="space-y-2">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          )}
          {plugins.isError && <p className="text-destructive">Failed to load plugins. Please try again.</p>}
          {plugins.data?.length === 0 && <p className="py-6 text-center text-muted-foreground">No plugins yet. Create your first plugin to start selling.</p>}
          {plugins.data && plugins.data.length > 0 && <PluginsListTable plugins={plugins.data} saleStatuses={saleStatuses} onRetire={setRetiring} />}
        </CardContent>
      </Card>
      <DemoContentCard />
      <CreatePluginDialog open={isCreating} onOpenChange={setIsCreating} />
      <RetirePluginDialog plugin={retiring} onOpenChange={(open) => !open && setRetiring(null)} />
    </div>
  );
}
