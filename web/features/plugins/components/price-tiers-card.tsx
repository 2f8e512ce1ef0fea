import { useState } from 'react';
import { formatMoney } from '@common/pricing';
import { lemonSqueezyMissing, type AdminPrice, type PriceCreate } from '@common/prices';
import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { usePrices } from '../api/get-prices';
import { usePaymentProvider } from '../api/get-payment-provider';
import { useSavePrice } from '../api/save-price';
import { PriceTierDialog } from './price-tier-dialog';

/** The plugin's price tiers (docs/pricing.md): add, edit, deactivate. The first tier follows the plugin's Pricing. */
export function PriceTiersCard({ slug, currency }: { slug: string; currency: PriceCreate['currency'] }) {
  const prices = usePrices(slug);
  const save = useSavePrice();
  const [editing, setEditing] = useState<AdminPrice | 'new' | null>(null);
  // With Lemon Squeezy as the shop's provider, a tier sells only as its variant, named by both its numeric ID (the
  // webhook's) and its checkout link (the buyer's) (docs/pricing.md "Lemon Squeezy").
  const viaLemonSqueezy = usePaymentProvider().data?.provider === 'lemonsqueezy';
  const withoutVariant = viaLemonSqueezy ? (prices.data ?? []).filter((price) => price.active && lemonSqueezyMissing(price).length > 0) : [];
  const toggle = (price: AdminPrice) =>
    save.mutate(
      { slug, id: price.id, body: { active: !price.active } },
      { onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save the price tier'), variant: 'destructive' }) },
    );
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div>
          <CardTitle>Price Tiers</CardTitle>
          <CardDescription>
            What buyers choose on the plugin page. The first tier is the plugin&apos;s Pricing; tiers are deactivated, never deleted.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing('new')}>Add Tier</Button>
      </CardHeader>
      <CardContent>
        {prices.isError && <p className="text-destructive">{errorMessage(prices.error, 'Failed to load price tiers')}</p>}
        {withoutVariant.length > 0 && (
          <Alert className="mb-4 border-amber-300" data-testid="tiers-without-variant">
            <TriangleAlert className="text-amber-600" />
            <AlertTitle className="line-clamp-none">Not for sale through Lemon Squeezy</AlertTitle>
            <AlertDescription>
              Lemon Squeezy takes this shop&apos;s payments, and buyers cannot purchase{' '}
              {withoutVariant.map((price) => `${price.name} (no ${lemonSqueezyMissing(price).join(' or ')})`).join(', ')}. Edit the tier and enter its Lemon
              Squeezy variant ID and checkout link (Lemon Squeezy → Products → Share).
            </AlertDescription>
          </Alert>
        )}
        {prices.data && prices.data.length === 0 && <p className="text-muted-foreground">No tiers yet: set a price in Plugin Settings or add a tier.</p>}
        {prices.data && prices.data.length > 0 && (
          <HeadedTable data-testid="price-tiers" headings={['Name', 'Sites', 'Term', 'Price', 'Renewal', viaLemonSqueezy && 'Lemon Squeezy', 'Status', {}]}>
            {prices.data.map((price) => (
              <TableRow key={price.id}>
                <TableCell className="font-medium">{price.name}</TableCell>
                <TableCell>{price.sites ?? 'Unlimited'}</TableCell>
                <TableCell>{price.term}</TableCell>
                <TableCell>
                  {formatMoney(price.amount, price.currency)}
                  {price.sale_amount !== null && <span className="text-muted-foreground"> (sale {formatMoney(price.sale_amount, price.currency)})</span>}
                </TableCell>
                <TableCell>{price.renewal_discount_percent}% off</TableCell>
                {viaLemonSqueezy && (
                  <TableCell className="space-x-1">
                    {price.lemonsqueezy_variant_id ?? <Badge variant="outline">No variant ID</Badge>}
                    {price.lemonsqueezy_checkout_link === null && <Badge variant="outline">No checkout link</Badge>}
                  </TableCell>
                )}
                <TableCell>{price.active ? <Badge>Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</TableCell>
                <TableCell className="space-x-2 text-right">
                  <Button size="sm" variant="outline" onClick={() => setEditing(price)}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => toggle(price)}>
                    {price.active ? 'Deactivate' : 'Activate'}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </HeadedTable>
        )}
      </CardContent>
      {editing !== null && (
        <PriceTierDialog key={editing === 'new' ? 'new' : editing.id} slug={slug} tier={editing} defaultCurrency={currency} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}
