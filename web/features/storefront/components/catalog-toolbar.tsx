import { LayoutGrid, List, Search } from 'lucide-react';
import type { CatalogSort } from '@common/catalog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { CatalogView } from '../lib/catalog-view';
import { categoryLabel } from '../lib/category-label';
import type { CatalogLayout } from '../lib/catalog-view';

const SORT_LABELS: Record<CatalogSort, string> = { name: 'Name', price: 'Price', rating: 'Rating', popular: 'Popular' };
const selectClass = 'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

interface ToolbarProps {
  view: CatalogView;
  /** The categories the listed plugins use (the filter offers only those). */
  categories: string[];
  onViewChange: (view: CatalogView) => void;
  layout: CatalogLayout;
  onLayoutChange: (layout: CatalogLayout) => void;
}

/** Search, category filter, sort and the grid/list toggle. Native selects: small and accessible. */
export function CatalogToolbar({ view, categories, onViewChange, layout, onLayoutChange }: ToolbarProps) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative flex-1">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search plugins"
          placeholder="Search plugins..."
          className="pl-9"
          value={view.search}
          onChange={(event) => onViewChange({ ...view, search: event.target.value })}
        />
      </div>
      <select aria-label="Category" className={selectClass} value={view.category} onChange={(event) => onViewChange({ ...view, category: event.target.value })}>
        <option value="all">All Categories</option>
        {categories.map((value) => (
          <option key={value} value={value}>
            {categoryLabel(value)}
          </option>
        ))}
      </select>
      <select
        aria-label="Sort by"
        className={selectClass}
        value={view.sort}
        onChange={(event) => onViewChange({ ...view, sort: event.target.value as CatalogSort })}
      >
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            Sort by {label}
          </option>
        ))}
      </select>
      <div className="flex gap-1" role="group" aria-label="View">
        <Button
          variant={layout === 'grid' ? 'default' : 'outline'}
          size="icon"
          aria-label="Grid view"
          aria-pressed={layout === 'grid'}
          onClick={() => onLayoutChange('grid')}
        >
          <LayoutGrid />
        </Button>
        <Button
          variant={layout === 'list' ? 'default' : 'outline'}
          size="icon"
          aria-label="List view"
          aria-pressed={layout === 'list'}
          onClick={() => onLayoutChange('list')}
        >
          <List />
        </Button>
      </div>
    </div>
  );
}
