import { useState } from 'react';
import { AlertCircle, PackageSearch } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { usePublicPlugins } from '@/lib/public-plugins';
import { CatalogCard, type CatalogLayout } from '../components/catalog-card';
import { CatalogToolbar } from '../components/catalog-toolbar';
import { catalogCards, type CatalogView } from '../lib/catalog-view';
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
  const [view, setView] = useState<CatalogView>({ search: '', category: 'all', sort: 'name' });
  const [layout, setLayout] = useState<CatalogLayout>('grid');

  if (isError) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-12">
        <CatalogMessage icon={AlertCircle} title="Error Loading Catalog" text="Failed to load plugin catalog. Please try again later." />
      </div>
    );
  }

  const cards = plugins ? catalogCards(plugins, view) : [];
  const isFiltered = view.search.trim() !== '' || view.category !== 'all';
  const gridClass = cn('grid gap-6', layout === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1');
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 pt-6 pb-12">
      <CatalogToolbar view={view} onViewChange={setView} layout={layout} onLayoutChange={setLayout} />
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
