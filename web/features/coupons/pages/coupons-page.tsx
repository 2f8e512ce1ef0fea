import { useState } from 'react';
import type { AdminCoupon } from '@common/coupons';
import { formatMoney } from '@common/pricing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable, STICKY_ACTIONS } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useCoupons } from '../api/get-coupons';
import { useSaveCoupon } from '../api/save-coupon';
import { CouponDialog } from '../components/coupon-dialog';

const discountText = (coupon: AdminCoupon) => (coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatMoney(coupon.value, coupon.currency ?? '')} off`);

const scopeText = (coupon: AdminCoupon) => {
  const parts = [
    ...(coupon.plugin_slugs.length > 0 ? [coupon.plugin_slugs.join(', ')] : []),
    ...(coupon.price_ids.length > 0 ? [`tiers ${coupon.price_ids.join(', ')}`] : []),
  ];
  const kinds = [coupon.for_new && 'new sales', coupon.for_renewals && 'renewals'].filter(Boolean).join(' and ');
  return `${parts.length > 0 ? parts.join('; ') : 'Every plugin'}, ${kinds}`;
};

const validityText = (coupon: AdminCoupon) =>
  !coupon.valid_from && !coupon.valid_to
    ? 'Always'
    : [coupon.valid_from && `from ${formatDateTime(coupon.valid_from)}`, coupon.valid_to && `until ${formatDateTime(coupon.valid_to)}`]
        .filter(Boolean)
        .join(' ');

/** /coupons: the admin's discount codes (docs/pricing.md "Coupons"): list, create, edit, deactivate. */
export function CouponsPage() {
  usePageMeta('Coupons');
  const coupons = useCoupons();
  const save = useSaveCoupon();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const toggle = (coupon: AdminCoupon) =>
    save.mutate(
      { id: coupon.id, body: { active: !coupon.active } },
      {
        onSuccess: (saved) => toast({ title: saved.active ? 'Coupon Activated' : 'Coupon Deactivated', description: saved.code }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save the coupon'), variant: 'destructive' }),
      },
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Coupons</h1>
          <p className="text-muted-foreground">Discount codes buyers apply at checkout. A use counts when the order is created.</p>
        </div>
        <Button onClick={() => setEditing('new')}>New Coupon</Button>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>All coupons</CardTitle>
          <CardDescription>Coupons are deactivated, never deleted: orders name them.</CardDescription>
        </CardHeader>
        <CardContent>
          {coupons.isPending && <Skeleton className="h-24 w-full" />}
          {coupons.isError && <p className="text-destructive">{errorMessage(coupons.error, 'Failed to load coupons')}</p>}
          {coupons.data && coupons.data.length === 0 && <p className="text-muted-foreground">No coupons yet.</p>}
          {coupons.data && coupons.data.length > 0 && (
            <HeadedTable data-testid="coupons" headings={['Code', 'Discount', 'Scope', 'Valid', 'Used', 'Status', STICKY_ACTIONS]}>
              {coupons.data.map((coupon) => (
                <TableRow key={coupon.id} data-testid="coupon-row">
                  <TableCell className="font-mono font-medium">{coupon.code}</TableCell>
                  <TableCell>{discountText(coupon)}</TableCell>
                  <TableCell className="max-w-56 text-sm">{scopeText(coupon)}</TableCell>
                  <TableCell className="text-sm">{validityText(coupon)}</TableCell>
                  <TableCell>
                    {coupon.redemptions}
                    {coupon.max_redemptions !== null && ` / ${coupon.max_redemptions}`}
                    {coupon.max_per_buyer !== null && <div className="text-xs text-muted-foreground">{coupon.max_per_buyer} per buyer</div>}
                  </TableCell>
                  <TableCell>{coupon.active ? <Badge>Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</TableCell>
                  <TableCell className="sticky right-0 space-x-2 whitespace-nowrap bg-card text-right">
                    <Button size="sm" variant="outline" onClick={() => setEditing(coupon)} aria-label={`Edit ${coupon.code}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={save.isPending}
                      onClick={() => toggle(coupon)}
                      aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
                    >
                      {coupon.active ? 'Deactivate' : 'Activate'}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </HeadedTable>
          )}
        </CardContent>
      </Card>
      {editing !== null && <CouponDialog key={editing === 'new' ? 'new' : editing.id} coupon={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
