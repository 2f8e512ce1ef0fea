import { useSearchParams } from 'wouter';
import { categoriesInUse } from '@common/categories';
import { AlertCircle, PackageSearch } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { usePublicPlugins } from '@/lib/public-plugins';
import { CatalogCard } from '../components/catalog-card';
import { CatalogToolbar } from '../components/catalog-toolbar';
import { catalogCards, catalogSearchFromState, catalogStateFromSearch, type CatalogLayout, type CatalogView } from '../lib/catalog-view';
import { useStoreIdentity } from '@/lib/brand';

const SKELETON_CARDS = 6;

function CatalogMessage({ icon: Icon, title, text }: { icon: typeof AlertCircle; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}

/** The catalogue below its heading, which the public layout renders (see catalog-intro.tsx). */
export function CatalogPage() {
  usePageMeta('Catalog', `Browse the WordPress plugins of ${useStoreIdentity().store_name}.`, { canonical: '/catalog' });
  const { data: plugins, isPending, isError } = usePublicPlugins();
  // Search, category, sort and view live in the address (replaced, not pushed: typing adds no history entries).
  const [searchParams, setSearchParams] = useSearchParams();
  const { view, layout } = catalogStateFromSearch(searchParams);
  const setView = (next: CatalogView) => setSearchParams(catalogSearchFromState(next, layout), { replace: true });
  const setLayout = (next: CatalogLayout) => setSearchParams(catalogSearchFromState(view, next), { replace: true });

  if (isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        <CatalogMessage icon={AlertCircle} title="Error Loading Catalog" text="Failed to load plugin catalog. Please try again later." />
      </div>
    );
  }

  const cards = plugins ? catalogCards(plugins, view) : [];
  // The categories of the shop's public plugins (the demo's: shipping and developer-tools, docs/product-spec.md section 2).
  const categories = categoriesInUse(plugins ?? []);
  if (view.category !== 'all' && !categories.includes(view.category)) categories.push(view.category);
  const isFiltered = view.search.trim() !== '' || view.category !== 'all';
  const gridClass = cn('grid gap-6', layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1');
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 pt-6 pb-12">
      <CatalogToolbar view={view} categories={categories} onViewChange={setView} layout={layout} onLayoutChange={setLayout} />
      {isPending ? (
        <div className={gridClass} aria-busy="true">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} className="h-96 rounded-xl" />
          ))}
        </div>
      ) : cards.length === 0 ? (
        isFiltered ? (
          <CatalogMessage icon={PackageSearch} title="No plugins found" text="Try a different search or category." />
        ) : (
          <CatalogMessage icon={PackageSearch} title="No plugins available" text="New plugins are on their way. Please check back soon." />
        )
      ) : (
        <div className={gridClass} data-testid="catalogue-cards" data-layout={layout}>
          {cards.map((plugin, index) => (
            <CatalogCard key={plugin.slug} plugin={plugin} layout={layout} priority={index === 0} />
          ))}
        </div>
      )}
    </div>
  );
}
