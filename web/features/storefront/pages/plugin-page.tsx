import { Link, useParams } from 'wouter';
import { AlertCircle, ArrowLeft, Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { usePublicPlugins } from '@/lib/public-plugins';
import { PluginByline, PluginOverview } from '../components/plugin-about';
import { PluginDetailsTabs } from '../components/plugin-details-tabs';
import { PluginBanner } from '../components/plugin-banner';
import { PluginFaq } from '../components/plugin-faq';
import { usePluginDetails } from '../api/get-plugin-details';
import { PurchaseBox } from '../components/purchase-box';
import { activeInstallsText, Rating } from '../components/rating';
import { PluginReviews } from '../components/plugin-reviews';
import { ScreenshotGallery } from '../components/screenshot-gallery';
import { categoryLabel } from '../lib/category-label';
import { formatDate } from '@/lib/dates';
import { MissingItem } from '@/components/missing-item';

function PluginNotFound() {
  return (
    <MissingItem icon={AlertCircle} className="max-w-6xl gap-3" title="Plugin Not Found" text="The requested plugin could not be found or failed to load.">
      <Button asChild variant="outline">
        <Link href="/catalog">Back to Catalog</Link>
      </Button>
    </MissingItem>
  );
}

export function PluginPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { data: plugins, isPending, isError } = usePublicPlugins();
  const plugin = plugins?.find((candidate) => candidate.slug === slug && candidate.active);
  const image = plugin?.primary_image;
  const details = usePluginDetails(slug).data;
  usePageMeta(plugin?.name ?? (isPending ? undefined : 'Plugin Not Found'), plugin?.description, {
    canonical: plugin && `/plugin/${plugin.slug}`,
    // As the server writes it (server/modules/web-pages/page-meta.ts): the primary image, else the banner.
    image: image ? { url: image.url, alt: image.caption || plugin.name } : plugin?.banner ? { url: plugin.banner.url, alt: plugin.name } : undefined,
    ogType: plugin ? 'product' : 'website',
  });

  if (isPending) {
    return (
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[1fr_20rem]" aria-busy="true">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    );
  }
  if (isError || !plugin) return <PluginNotFound />;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-12">
      <Link href="/catalog" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Catalog
      </Link>
      <PluginBanner banner={plugin.banner} />
      {/* On a phone the purchase box follows the plugin's heading, before the gallery and the description (issue 40);
          on a wide screen it stays in its column beside them. */}
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{categoryLabel(plugin.category)}</Badge>
              {plugin.is_popular && <Badge>Popular</Badge>}
              {!plugin.is_purchasable && <Badge variant="outline">Coming Soon</Badge>}
            </div>
            <h1 className="text-3xl font-bold md:text-4xl">{plugin.name}</h1>
            <p className="text-lg text-muted-foreground">{plugin.description}</p>
            <PluginByline plugin={plugin} />
            <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              <Rating rating={plugin.rating} reviewCount={plugin.review_count} />
              {plugin.downloads_label && (
                <span className="inline-flex items-center gap-1">
                  <Download className="size-4" aria-hidden="true" /> {plugin.downloads_label}
                </span>
              )}
              {plugin.active_installs > 0 && <span>{activeInstallsText(plugin.active_installs)}</span>}
              {plugin.release_version && (
                <span data-testid="release">
                  Version {plugin.release_version}
                  {plugin.release_date && ` · released ${formatDate(plugin.release_date)}`}
                </span>
              )}
            </div>
          </div>
        </div>
        <aside className="lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start" data-testid="purchase-aside">
          <PurchaseBox plugin={plugin} />
        </aside>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
          <ScreenshotGallery slug={plugin.slug} name={plugin.name} />
          <PluginOverview plugin={plugin} />
          <PluginDetailsTabs plugin={plugin} changelog={details?.changelog} />
          <PluginFaq faq={details?.faq ?? []} />
          <PluginReviews plugin={plugin} />
        </div>
      </div>
    </div>
  );
}
