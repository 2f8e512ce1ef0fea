// Types only from common/catalog.ts: its values come with zod (≈ 25 KB gzipped), which the catalogue page does not load.
import type { CatalogSort, PublicPlugin } from '@common/catalog';
import { effectivePriceMinor } from '@common/pricing';

export interface CatalogView {
  search: string;
  category: string; // 'all' or a category
  sort: CatalogSort;
}

/** A catalogue card requires an active plugin and a qualifying release (docs/product-spec.md section 2). */
export const isListedInCatalog = (plugin: PublicPlugin): boolean => plugin.active && plugin.release_version !== null;

const matchesSearch = (plugin: PublicPlugin, search: string): boolean => {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [plugin.name, plugin.description, plugin.category, ...plugin.features].some((text) => text.toLowerCase().includes(needle));
};

const byName = (a: PublicPlugin, b: PublicPlugin) => a.name.localeCompare(b.name);

const comparators: Record<CatalogSort, (a: PublicPlugin, b: PublicPlugin) => number> = {
  name: byName,
  // Cheapest first by what a buyer pays; plugins without a price ('Contact for pricing') last.
  price: (a, b) => (effectivePriceMinor(a) ?? Infinity) - (effectivePriceMinor(b) ?? Infinity) || byName(a, b),
  rating: (a, b) => b.rating - a.rating || b.review_count - a.review_count || byName(a, b),
  popular: (a, b) => Number(b.is_popular) - Number(a.is_popular) || b.review_count - a.review_count || byName(a, b),
};

/** The cards the catalogue shows for a search, category and sort. */
export function catalogCards(plugins: PublicPlugin[], view: CatalogView): PublicPlugin[] {
  return plugins
    .filter(isListedInCatalog)
    .filter((plugin) => view.category === 'all' || plugin.category === view.category)
    .filter((plugin) => matchesSearch(plugin, view.search))
    .sort(comparators[view.sort]);
}

export type CatalogLayout = 'grid' | 'list';

/** The catalogue's state as its address says it (`?q=…&category=…&sort=…&view=list`), so a reload or a shared link keeps it. */
export function catalogStateFromSearch(params: URLSearchParams): { view: CatalogView; layout: CatalogLayout } {
  const sort = params.get('sort') ?? '';
  return {
    view: {
      search: params.get('q') ?? '',
      category: params.get('category') || 'all',
      sort: Object.hasOwn(comparators, sort) ? (sort as CatalogSort) : 'name',
    },
    layout: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The query string for a state: defaults left out, so the plain catalogue stays `/catalog`. */
export function catalogSearchFromState(view: CatalogView, layout: CatalogLayout): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search !== '') params.set('q', view.search);
  if (view.category !== 'all') params.set('category', view.category);
  if (view.sort !== 'name') params.set('sort', view.sort);
  if (layout !== 'grid') params.set('view', layout);
  return params;
}
