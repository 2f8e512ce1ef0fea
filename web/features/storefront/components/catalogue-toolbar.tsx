import { LayoutGrid, List, Search } from 'lucide-react';
import type { CatalogueSort } from '@common/catalogue';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { CatalogueView } from '../lib/catalogue-view';
import { CATEGORY_LABELS } from '../lib/category-label';
import type { CatalogueLayout } from './catalogue-card';

const SORT_LABELS: Record<CatalogueSort, string> = { name: 'Name', price: 'Price', rating: 'Rating', popular: 'Popular' };
const selectClass = 'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

interface ToolbarProps {
  view: CatalogueView;
  onViewChange: (view: CatalogueView) => void;
  layout: CatalogueLayout;
  onLayoutChange: (layout: CatalogueLayout) => void;
}

/** Search, category filter, sort and the grid/list toggle. Native selects: small and accessible. */
export function CatalogueToolbar({ view, onViewChange, layout, onLayoutChange }: ToolbarProps) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <div className="relative flex-1">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input type="search" aria-label="Search plugins" placeholder="Search plugins..." className="pl-9" value={view.search} onChange={(event) => onViewChange({ ...view, search: event.target.value })} />
      </div>
      <select aria-label="Category" className={selectClass} value={view.category} onChange={(event) => onViewChange({ ...view, category: event.target.value })}>
        <option value="all">All Categories</option>
        {Object.entries(CATEGORY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>{label}</option>
        ))}
      </select>
      <select aria-label="Sort by" className={selectClass} value={view.sort} onChange={(event) => onViewChange({ ...view, sort: event.target.value as CatalogueSort })}>
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>Sort by {label}</option>
        ))}
      </select>
      <div className="flex gap-1" role="group" aria-label="View">
        <Button variant={layout === 'grid' ? 'default' : 'outline'} size="icon" aria-label="Grid view" aria-pressed={layout === 'grid'} onClick={() => onLayoutChange('grid')}>
          <LayoutGrid />
        </Button>
        <Button variant={layout === 'list' ? 'default' : 'outline'} size="icon" aria-label="List view" aria-pressed={layout === 'list'} onClick={() => onLayoutChange('list')}>
          <List />
        </Button>
      </div>
    </div>
  );
}
