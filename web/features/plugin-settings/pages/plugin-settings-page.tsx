import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { ImagesTab } from '../components/images-tab';
import { IntegrationGuide } from '../components/integration-guide';
import { PluginsTable } from '../components/plugins-table';
import { PricingTab } from '../components/pricing-tab';
import { PageHeader } from '@/components/page-header';
import { LoadErrorAlert } from '@/components/load-error-alert';

export function PluginSettingsPage() {
  usePageMeta('Plugin Settings');
  const plugins = useAdminPlugins();

  return (
    <div className="space-y-6">
      <PageHeader title="Plugin Settings" description="Product IDs, images and pricing for each plugin." />
      {plugins.isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-9 w-72" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : plugins.isError ? (
        <LoadErrorAlert title="Failed to load plugin settings" error={plugins.error} />
      ) : (
        <Tabs defaultValue="settings">
          <TabsList>
            <TabsTrigger value="settings">Settings</TabsTrigger>
            <TabsTrigger value="images">Images</TabsTrigger>
            <TabsTrigger value="pricing">Pricing</TabsTrigger>
          </TabsList>
          <TabsContent value="settings" className="space-y-6">
            <PluginsTable plugins={plugins.data ?? []} />
            <IntegrationGuide />
          </TabsContent>
          <TabsContent value="images">
            <ImagesTab plugins={plugins.data ?? []} />
          </TabsContent>
          <TabsContent value="pricing">
            <PricingTab plugins={plugins.data ?? []} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
