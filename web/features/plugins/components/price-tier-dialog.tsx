import { useState, type FormEvent } from 'react';
import { CURRENCIES } from '@common/plugins';
import { PRICE_TERMS, type AdminPrice, type PriceCreate } from '@common/prices';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useSavePrice } from '../api/save-price';

const selectClass = 'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm';
const toMajor = (minor: number | null | undefined) => (minor === null || minor === undefined ? '' : (minor / 100).toFixed(2));
// Typed in major units with 2 decimals and sent as the rounded value times 100 (docs/product-spec.md section 5, Pricing).
const toMinor = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 100));

interface Props {
  slug: string;
  /** The tier edited, 'new' for a new one, null when closed. */
  tier: AdminPrice | 'new' | null;
  defaultCurrency: PriceCreate['currency'];
  onClose: () => void;
}

/** Add or edit one price tier: name, sites (empty = unlimited), term, amount, sale amount, currency, renewal discount, order. */
export function PriceTierDialog({ slug, tier, defaultCurrency, onClose }: Props) {
  const existing = tier !== 'new' && tier !== null ? tier : undefined;
  const [form, setForm] = useState(() => ({
    name: existing?.name ?? '',
    sites: existing ? (existing.sites === null ? '' : String(existing.sites)) : '1',
    term: existing?.term ?? 'year',
    amount: toMajor(existing?.amount),
    sale_amount: toMajor(existing?.sale_amount),
    currency: existing?.currency ?? defaultCurrency,
    renewal_discount_percent: String(existing?.renewal_discount_percent ?? 0),
    sort_order: String(existing?.sort_order ?? 0),
    lemonsqueezy_variant_id: existing?.lemonsqueezy_variant_id ?? '',
  }));
  const save = useSavePrice();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: form.name,
      sites: form.sites.trim() === '' ? null : Number(form.sites),
      term: form.term,
      amount: toMinor(form.amount) ?? 0,
      sale_amount: toMinor(form.sale_amount),
      currency: form.currency,
      renewal_discount_percent: Number(form.renewal_discount_percent || 0),
      sort_order: Number(form.sort_order || 0),
      lemonsqueezy_variant_id: form.lemonsqueezy_variant_id.trim() === '' ? null : form.lemonsqueezy_variant_id.trim(),
    };
    const request = existing ? { slug, id: existing.id, body } : { slug, body: { ...body, active: true } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast({ title: existing ? 'Price Tier Saved' : 'Price Tier Added', description: `${saved.name} is saved.` });
        onClose();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save the price tier'), variant: 'destructive' }),
    });
  };

  return (
    <Dialog open={tier !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{existing ? `Edit ${existing.name}` : 'Add Price Tier'}</DialogTitle>
          <DialogDescription>Amounts in major units (49.00). Leave Sites empty for unlimited sites.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid grid-cols-2 gap-3" id="price-tier-form">
          <div className="col-span-2 space-y-1">
            <Label htmlFor="tier-name">Name</Label>
            <Input id="tier-name" value={form.name} onChange={set('name')} required maxLength={60} placeholder="Business" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-sites">Sites</Label>
            <Input id="tier-sites" type="number" min={1} max={10000} value={form.sites} onChange={set('sites')} placeholder="Unlimited" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-term">Term</Label>
            <select id="tier-term" className={selectClass} value={form.term} onChange={set('term')}>
              {PRICE_TERMS.map((term) => (
                <option key={term} value={term}>
                  {term}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-amount">Amount</Label>
            <Input id="tier-amount" type="number" step="0.01" min="0.01" value={form.amount} onChange={set('amount')} required />
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-sale">Sale amount</Label>
            <Input id="tier-sale" type="number" step="0.01" min="0" value={form.sale_amount} onChange={set('sale_amount')} placeholder="None" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-currency">Currency</Label>
            <select id="tier-currency" className={selectClass} value={form.currency} onChange={set('currency')}>
              {CURRENCIES.map((currency) => (
                <option key={currency}>{currency}</option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-renewal">Renewal discount %</Label>
            <Input id="tier-renewal" type="number" min={0} max={100} value={form.renewal_discount_percent} onChange={set('renewal_discount_percent')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="tier-order">Order</Label>
            <Input id="tier-order" type="number" value={form.sort_order} onChange={set('sort_order')} />
          </div>
          <div className="col-span-2 space-y-1">
            <Label htmlFor="tier-lemonsqueezy">Lemon Squeezy variant ID</Label>
            <Input
              id="tier-lemonsqueezy"
              inputMode="numeric"
              value={form.lemonsqueezy_variant_id}
              onChange={set('lemonsqueezy_variant_id')}
              placeholder="None"
              maxLength={20}
              aria-describedby="tier-lemonsqueezy-help"
            />
            <p id="tier-lemonsqueezy-help" className="text-xs text-muted-foreground">
              When Lemon Squeezy takes your payments, this tier is sold as this variant (digits only, from the variant&apos;s page in Lemon Squeezy). Without
              one, the tier cannot be bought through Lemon Squeezy.
            </p>
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="price-tier-form" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Tier'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
