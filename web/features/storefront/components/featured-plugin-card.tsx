import type { PublicPlugin } from '@common/catalog';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { categoryLabel } from '../lib/category-label';
import { PluginThumbnail } from './plugin-thumbnail';
import { PriceTag } from './price-tag';
import { PurchaseActions } from './purchase-actions';
import { activeInstallsText, Rating } from './rating';

/** A landing-page card: the primary image (placeholder without), Learn More / Purchase, or Coming Soon for a plugin that cannot be bought yet. */
export function FeaturedPluginCard({ plugin, priority = false }: { plugin: PublicPlugin; priority?: boolean }) {
  return (
    <Card data-testid={`featured-${plugin.slug}`} className="h-full">
      <PluginThumbnail
        image={plugin.primary_image}
        icon={plugin.icon}
        name={plugin.name}
        priority={priority}
        sizes="(min-width: 768px) 50vw, 100vw"
        className="mx-5"
      />
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{categoryLabel(plugin.category)}</Badge>
          {plugin.is_popular && <Badge>Popular</Badge>}
          {!plugin.is_purchasable && <Badge variant="outline">Coming Soon</Badge>}
        </div>
        <CardTitle className="text-xl">
          <h3>{plugin.name}</h3>
        </CardTitle>
        <CardDescription>{plugin.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Rating rating={plugin.rating} reviewCount={plugin.review_count} />
          {plugin.downloads_label && <span className="text-sm text-muted-foreground">{plugin.downloads_label}</span>}
          {plugin.active_installs > 0 && <span className="text-sm text-muted-foreground">{activeInstallsText(plugin.active_installs)}</span>}
        </div>
        <ul className="list-inside list-disc space-y-1 text-sm text-muted-foreground">
          {plugin.features.slice(0, 4).map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <div className="mt-auto">
          <PriceTag plugin={plugin} />
        </div>
      </CardContent>
      <CardFooter>
        <PurchaseActions plugin={plugin} />
      </CardFooter>
    </Card>
  );
}
