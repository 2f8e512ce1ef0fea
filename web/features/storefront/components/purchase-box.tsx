import { useState } from 'react';
import { Link } from 'wouter';
import { Check } from 'lucide-react';
import type { PublicPlugin } from '@common/catalog';
import { tierSummary } from '@common/pricing';
import { purchasePoints } from '@common/store-terms';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useStoreIdentity } from '@/lib/brand';
import { PriceTag } from './price-tag';
import { TierPicker } from './tier-picker';

/** A plugin without tiers sells as the seeded single tier did (lifetime, 3 sites). */
const BASE_TIER = { term: 'lifetime', sites: 3 } as const;

/** Price, discount badge and Purchase Now (or Coming Soon) for the plugin page; a tier picker when several tiers are on sale. */
export function PurchaseBox({ plugin }: { plugin: PublicPlugin }) {
  const [chosenId, setChosenId] = useState<number | undefined>(undefined);
  const tiers = plugin.prices;
  const tier = tiers.find((price) => price.id === chosenId) ?? tiers[0];
  const picking = tiers.length > 1 && tier !== undefined;
  const terms = useStoreIdentity();
  // One tier: the plugin's own price fields (and display texts) show, exactly as the specification has them.
  const priced = picking
    ? { ...plugin, price: tier.amount, discount_price: tier.sale_amount, currency: tier.currency, price_display: null, discount_display: null }
    : plugin;
  return (
    <Card>
      <CardContent className="space-y-4">
        {picking && <TierPicker tiers={tiers} chosenId={tier.id} onChoose={setChosenId} />}
        <PriceTag plugin={priced} size="large" />
        <p className="text-sm text-muted-foreground">{tierSummary(tier ?? BASE_TIER)}</p>
        {plugin.is_purchasable ? (
          <Button asChild size="lg" className="w-full">
            <Link href={picking ? `/checkout/${plugin.slug}?price=${tier.id}` : `/checkout/${plugin.slug}`}>Purchase Now</Link>
          </Button>
        ) : (
          <Button size="lg" className="w-full" disabled>
            Coming Soon
          </Button>
        )}
        <ul className="space-y-2 text-sm">
          {purchasePoints(tier ?? BASE_TIER, terms).map((term) => (
            <li key={term} className="flex items-center gap-2">
              <Check className="size-4 text-green-600" aria-hidden="true" />
              {term}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
