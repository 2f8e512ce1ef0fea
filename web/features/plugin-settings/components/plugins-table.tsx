import { useState } from 'react';
import { ExternalLink, Pencil } from 'lucide-react';
import type { AdminPlugin } from '@common/plugins';
import { isValidProductId, PRODUCT_ID_MESSAGE } from '@common/plugin-admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdatePlugin } from '@/lib/admin-plugins';

const LEMONSQUEEZY_PRODUCTS_URL = 'https://app.lemonsqueezy.com/products';

/** The Settings tab: one row at a time edits its LemonSqueezy product id (docs/product-spec.md sections 2, 4, 5). */
export function PluginsTable({ plugins }: { plugins: AdminPlugin[] }) {
  const [editingSlug, setEditingSlug] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const update = useUpdatePlugin();

  const startEdit = (plugin: AdminPlugin) => {
    setEditingSlug(plugin.slug);
    setDraft(plugin.lemonsqueezy_product_id ?? '');
  };

  const save = (plugin: AdminPlugin) => {
    const value = draft.trim();
    if (value !== '' && !isValidProductId(value)) {
      toast({ title: 'Invalid Product ID', description: PRODUCT_ID_MESSAGE, variant: 'destructive' });
      return;
    }
    update.mutate(
      { slug: plugin.slug, patch: { lemonsqueezy_product_id: value === '' ? null : value } },
      {
        onSuccess: () => {
          setEditingSlug(null);
          toast({ title: 'Plugin Updated', description: `${plugin.name} settings have been saved.` });
        },
        onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update plugin settings'), variant: 'destructive' }),
      },
    );
  };

  if (plugins.length === 0) {
    return <p className="py-10 text-center text-muted-foreground">No plugins found</p>;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Plugin Configuration</CardTitle>
        <CardDescription>Link each plugin to its LemonSqueezy product so orders map to the right plugin.</CardDescription>
      </CardHeader>
      <CardContent>
        <HeadedTable
          headings={[
            'Plugin Name',
            'Description',
            'Current Version',
            'LemonSqueezy Product ID',
            'Status',
            { label: 'Actions', className: 'sticky right-0 bg-card' },
          ]}
        >
          {plugins.map((plugin) => {
            const isEditing = editingSlug === plugin.slug;
            return (
              <TableRow key={plugin.slug} data-testid={`plugin-row-${plugin.slug}`}>
                <TableCell>
                  <div className="font-medium">{plugin.name}</div>
                  <div className="text-xs text-muted-foreground">{plugin.slug}</div>
                </TableCell>
                <TableCell className="max-w-xs whitespace-normal text-sm text-muted-foreground">{plugin.description || 'No description provided'}</TableCell>
                <TableCell>{plugin.current_version ?? '—'}</TableCell>
                <TableCell>
                  {isEditing ? (
                    <Input
                      aria-label={`LemonSqueezy Product ID for ${plugin.name}`}
                      value={draft}
                      inputMode="numeric"
                      placeholder="e.g. 123456"
                      onChange={(event) => setDraft(event.target.value)}
                      className="w-40"
                      autoFocus
                    />
                  ) : plugin.lemonsqueezy_product_id ? (
                    <a
                      href={`${LEMONSQUEEZY_PRODUCTS_URL}/${plugin.lemonsqueezy_product_id}`}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 font-mono text-sm underline-offset-4 hover:underline"
                    >
                      {plugin.lemonsqueezy_product_id}
                      <ExternalLink className="size-3" />
                    </a>
                  ) : (
                    <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
                      Not configured
                      <a href={LEMONSQUEEZY_PRODUCTS_URL} target="_blank" rel="noreferrer" aria-label="Open the LemonSqueezy dashboard">
                        <ExternalLink className="size-3" />
                      </a>
                    </span>
                  )}
                </TableCell>
                <TableCell>
                  <Badge variant={plugin.active ? 'success' : 'secondary'}>{plugin.active ? 'Active' : 'Inactive'}</Badge>
                </TableCell>
                <TableCell className="sticky right-0 bg-card">
                  {isEditing ? (
                    <div className="flex gap-2">
                      <Button size="sm" onClick={() => save(plugin)} disabled={update.isPending}>
                        {update.isPending ? 'Saving...' : 'Save'}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setEditingSlug(null)} disabled={update.isPending}>
                        Cancel
                      </Button>
                    </div>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => startEdit(plugin)} disabled={editingSlug !== null}>
                      <Pencil /> Edit
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </HeadedTable>
      </CardContent>
    </Card>
  );
}
