import { useState, type FormEvent } from 'react';
import { CURRENCIES } from '@common/plugins';
import { LEMONSQUEEZY_CHECKOUT_LINK_EXAMPLE, PRICE_TERMS, lemonSqueezyMissing, type AdminPrice, type PriceCreate } from '@common/prices';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, fieldErrors } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { usePaymentProvider } from '../api/get-payment-provider';
import { useSavePrice } from '../api/save-price';
import { FormActions } from '@/components/form-actions';

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
    lemonsqueezy_checkout_link: existing?.lemonsqueezy_checkout_link ?? '',
  }));
  const save = useSavePrice();
  // The server's refusal of a field, shown under it (the Lemon Squeezy fields' messages say what a valid value is).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  // A tier sells through Lemon Squeezy only with both (docs/pricing.md "Lemon Squeezy"): say which one is missing
  // while Lemon Squeezy takes the payments, or as soon as one of the two is given.
  const viaLemonSqueezy = usePaymentProvider().data?.provider === 'lemonsqueezy';
  const given = (text: string) => (text.trim() === '' ? null : text.trim());
  const lacking = lemonSqueezyMissing({
    lemonsqueezy_variant_id: given(form.lemonsqueezy_variant_id),
    lemonsqueezy_checkout_link: given(form.lemonsqueezy_checkout_link),
  });
  const showMissing = lacking.length > 0 && (viaLemonSqueezy || lacking.length === 1);

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
      lemonsqueezy_variant_id: given(form.lemonsqueezy_variant_id),
      lemonsqueezy_checkout_link: given(form.lemonsqueezy_checkout_link),
    };
    const request = existing ? { slug, id: existing.id, body } : { slug, body: { ...body, active: true } };
    setErrors({});
    save.mutate(request, {
      onSuccess: (saved) => {
        toast({ title: existing ? 'Price Tier Saved' : 'Price Tier Added', description: `${saved.name} is saved.` });
        onClose();
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        toast({ title: 'Error', description: errorMessage(error, 'Failed to save the price tier'), variant: 'destructive' });
      },
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
              aria-invalid={errors.lemonsqueezy_variant_id ? true : undefined}
            />
            <p id="tier-lemonsqueezy-help" className="text-xs text-muted-foreground">
              The numeric variant ID (digits only, from the variant&apos;s page in Lemon Squeezy), used to match Lemon Squeezy&apos;s order webhooks to this
              tier.
            </p>
            {errors.lemonsqueezy_variant_id && <p className="text-xs text-destructive">{errors.lemonsqueezy_variant_id}</p>}
          </div>
          <div className="col-span-2 space-y-1">
            <Label htmlFor="tier-lemonsqueezy-link">Lemon Squeezy checkout link</Label>
            <Input
              id="tier-lemonsqueezy-link"
              type="text"
              inputMode="url"
              value={form.lemonsqueezy_checkout_link}
              onChange={set('lemonsqueezy_checkout_link')}
              placeholder={LEMONSQUEEZY_CHECKOUT_LINK_EXAMPLE}
              maxLength={500}
              aria-describedby="tier-lemonsqueezy-link-help"
              aria-invalid={errors.lemonsqueezy_checkout_link ? true : undefined}
            />
            <p id="tier-lemonsqueezy-link-help" className="text-xs text-muted-foreground">
              Lemon Squeezy → Products → Share: the checkout link of this variant (or the UUID at its end). Purchase sends buyers there.
            </p>
            {errors.lemonsqueezy_checkout_link && (
              <p className="text-xs text-destructive" data-testid="tier-lemonsqueezy-link-error">
                {errors.lemonsqueezy_checkout_link}
              </p>
            )}
          </div>
          {showMissing && (
            <p className="col-span-2 text-xs text-amber-700" data-testid="tier-lemonsqueezy-missing">
              Without its Lemon Squeezy {lacking.join(' and ')}, this tier cannot be bought through Lemon Squeezy: both are needed.
            </p>
          )}
        </form>
        <FormActions form="price-tier-form" label="Save Tier" isPending={save.isPending} isCancelLocked onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
