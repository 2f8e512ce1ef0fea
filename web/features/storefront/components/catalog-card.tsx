import { Check, Download } from 'lucide-react';
import type { PublicPlugin } from '@common/catalog';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { categoryLabel } from '../lib/category-label';
import { PluginThumbnail } from './plugin-thumbnail';
import { PriceTag } from './price-tag';
import { PurchaseActions } from './purchase-actions';
import { activeInstallsText, Rating } from './rating';
import type { CatalogLayout } from '../lib/catalog-view';

/** A catalogue card: 4 features in grid mode, 6 in list mode (docs/product-spec.md section 2); the primary image comes with the catalogue. */
export function CatalogCard({ plugin, layout, priority = false }: { plugin: PublicPlugin; layout: CatalogLayout; priority?: boolean }) {
  const isList = layout === 'list';
  return (
    <Card data-testid="plugin-card" data-slug={plugin.slug} className={cn('overflow-hidden px-5', isList && 'md:flex-row')}>
      <PluginThumbnail image={plugin.primary_image} icon={plugin.icon} name={plugin.name} priority={priority} className={cn(isList && 'md:w-64 md:shrink-0')} />
      <div className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{categoryLabel(plugin.category)}</Badge>
          {plugin.is_popular && <Badge>Popular</Badge>}
          {plugin.release_version && <span className="text-xs text-muted-foreground">v{plugin.release_version}</span>}
        </div>
        <h2 className="text-lg font-semibold leading-tight">{plugin.name}</h2>
        <p className={cn('text-sm text-muted-foreground', !isList && 'line-clamp-3')}>{plugin.description}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Rating rating={plugin.rating} reviewCount={plugin.review_count} />
          {plugin.downloads_label && (
            <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Download className="size-4" aria-hidden="true" />
              {plugin.downloads_label}
            </span>
          )}
          {plugin.active_installs > 0 && <span className="text-sm text-muted-foreground">{activeInstallsText(plugin.active_installs)}</span>}
        </div>
        <ul className={cn('grid gap-1 text-sm', isList && 'sm:grid-cols-2')} data-testid="card-features">
          {plugin.features.slice(0, isList ? 6 : 4).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-col gap-3">
          <PriceTag plugin={plugin} />
          <PurchaseActions plugin={plugin} />
        </div>
      </div>
    </Card>
  );
}
