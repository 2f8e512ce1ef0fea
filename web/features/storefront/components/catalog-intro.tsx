import { catalogIntroText } from '@common/store-terms';
import { useStoreIdentity } from '@/lib/brand';
import { useTiersOnSale } from '@/lib/public-plugins';

/**
 * The catalog's heading. Like the landing hero, the public layout renders it from the first bundle, so the
 * page's largest text paints with the first frame rather than after the catalog chunk (Lighthouse LCP). Its lead
 * says what the tiers on sale cover, in the vendor's spelling (common/store-terms.ts).
 */
export function CatalogIntro() {
  const intro = catalogIntroText(useTiersOnSale(), useStoreIdentity());
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12">
      <h1 className="text-3xl font-bold">Plugin Catalog</h1>
      <p className="mt-2 text-muted-foreground">{intro}</p>
    </div>
  );
}
