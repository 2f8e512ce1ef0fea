import { Link } from 'wouter';
import { Pencil } from 'lucide-react';
import type { AdminPlugin } from '@common/plugins';
import type { SaleStatus } from '@common/sale-status';
import { effectivePriceMinor, formatMoney } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { categoryLabel } from '@common/categories';
import { SaleStatusBadge } from './sale-status-badge';
import { UnretireButton } from './unretire-button';

const priceLabel = (plugin: AdminPlugin): string => {
  const price = effectivePriceMinor(plugin);
  if (price === null) return 'No price';
  return price === 0 ? 'Free' : formatMoney(price, plugin.currency);
};

interface PluginsListTableProps {
  plugins: AdminPlugin[];
  /** Sale status by slug; a row shows none while it loads. */
  saleStatuses: ReadonlyMap<string, SaleStatus>;
  onRetire: (plugin: AdminPlugin) => void;
}

/** Every plugin, retired ones included (their licences and releases are still managed here). */
export function PluginsListTable({ plugins, saleStatuses, onRetire }: PluginsListTableProps) {
  return (
    <HeadedTable
      headings={[
        'Plugin',
        { label: 'Category', className: 'hidden md:table-cell' },
        { label: 'Version', className: 'hidden sm:table-cell' },
        { label: 'Price', className: 'hidden sm:table-cell' },
        'Status',
        'Sale',
        { label: 'Actions', className: 'text-right' },
      ]}
    >
      {plugins.map((plugin) => (
        <TableRow key={plugin.slug} data-testid={`plugins-row-${plugin.slug}`}>
          <TableCell>
            <div className="font-medium">{plugin.name}</div>
            <div className="font-mono text-xs text-muted-foreground">{plugin.slug}</div>
          </TableCell>
          <TableCell className="hidden md:table-cell">{categoryLabel(plugin.category)}</TableCell>
          <TableCell className="hidden sm:table-cell">{plugin.current_version ?? '—'}</TableCell>
          <TableCell className="hidden sm:table-cell">{priceLabel(plugin)}</TableCell>
          <TableCell>{plugin.retired_at ? <Badge variant="secondary">Retired</Badge> : <Badge>Active</Badge>}</TableCell>
          <TableCell className="max-w-72 whitespace-normal" data-testid="sale-status">
            <SaleStatusBadge status={saleStatuses.get(plugin.slug)} />
          </TableCell>
          <TableCell>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" size="sm" asChild>
                <Link href={`/plugins/${plugin.slug}`} aria-label={`Edit ${plugin.name}`}>
                  <Pencil />
                  Edit
                </Link>
              </Button>
              {plugin.retired_at ? (
                <UnretireButton plugin={plugin} />
              ) : (
                <Button variant="outline" size="sm" onClick={() => onRetire(plugin)} aria-label={`Retire ${plugin.name}`}>
                  Retire
                </Button>
              )}
            </div>
          </TableCell>
        </TableRow>
      ))}
    </HeadedTable>
  );
}
