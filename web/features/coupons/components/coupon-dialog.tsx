import { useState, type FormEvent } from 'react';
import { COUPON_KINDS, type AdminCoupon } from '@common/coupons';
import { CURRENCIES } from '@common/plugins';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { toast } from '@/lib/use-toast';
import { useSaveCoupon, type CouponBody } from '../api/save-coupon';
import { useTiersOfPlugins } from '../api/get-tiers';
import { FormActions } from '@/components/form-actions';

const selectClass = 'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm';
// Dates are typed and shown in UTC, as the server stores them ('2026-12-01T09:00' is 09:00 UTC).
const toInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromInput = (text: string) => (text.trim() === '' ? null : `${text}:00Z`);
const toLimit = (text: string) => (text.trim() === '' ? null : Number(text));

/** Add or edit one coupon (docs/pricing.md "Coupons"); the server checks every rule and its message is shown here. */
export function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | 'new'; onClose: () => void }) {
  const existing = coupon === 'new' ? undefined : coupon;
  const plugins = useAdminPlugins();
  const [form, setForm] = useState(() => ({
    code: existing?.code ?? '',
    kind: existing?.kind ?? 'percent',
    value: existing ? (existing.kind === 'fixed' ? (existing.value / 100).toFixed(2) : String(existing.value)) : '',
    currency: existing?.currency ?? 'GBP',
    plugin_slugs: existing?.plugin_slugs ?? [],
    price_ids: existing?.price_ids ?? [],
    for_new: existing?.for_new ?? true,
    for_renewals: existing?.for_renewals ?? false,
    valid_from: toInput(existing?.valid_from ?? null),
    valid_to: toInput(existing?.valid_to ?? null),
    max_redemptions: existing?.max_redemptions?.toString() ?? '',
    max_per_buyer: existing?.max_per_buyer?.toString() ?? '',
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCoupon();
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value });
  // Tiers are chosen by plugin and name (a tier counts whatever its plugin), from every plugin's tiers.
  const tiers = useTiersOfPlugins((plugins.data ?? []).map((plugin) => plugin.slug));
  const toggleTier = (id: number) =>
    setForm({ ...form, price_ids: form.price_ids.includes(id) ? form.price_ids.filter((each) => each !== id) : [...form.price_ids, id] });
  const togglePlugin = (slug: string) =>
    setForm({ ...form, plugin_slugs: form.plugin_slugs.includes(slug) ? form.plugin_slugs.filter((s) => s !== slug) : [...form.plugin_slugs, slug] });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fixed = form.kind === 'fixed';
    const body: CouponBody = {
      code: form.code,
      kind: form.kind,
      value: fixed ? Math.round(Number(form.value) * 100) : Number(form.value),
      currency: fixed ? form.currency : null,
      plugin_slugs: form.plugin_slugs,
      price_ids: form.price_ids,
      for_new: form.for_new,
      for_renewals: form.for_renewals,
      valid_from: fromInput(form.valid_from),
      valid_to: fromInput(form.valid_to),
      max_redemptions: toLimit(form.max_redemptions),
      max_per_buyer: toLimit(form.max_per_buyer),
    };
    setProblem(null);
    save.mutate(existing ? { id: existing.id, body } : { body }, {
      onSuccess: (saved) => {
        toast({ title: existing ? 'Coupon Saved' : 'Coupon Created', description: `${saved.code} is saved.` });
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error, 'Failed to save the coupon')),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{existing ? `Edit ${existing.code}` : 'New Coupon'}</DialogTitle>
          <DialogDescription>Codes are matched whatever their case. Fixed amounts in major units (5.00). Dates in UTC; empty for none.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid grid-cols-2 gap-3" id="coupon-form">
          <div className="col-span-2 space-y-1">
            <Label htmlFor="coupon-code-input">Code</Label>
            <Input id="coupon-code-input" value={form.code} onChange={set('code')} required maxLength={40} placeholder="SPRING-20" className="uppercase" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="coupon-kind">Discount</Label>
            <select id="coupon-kind" className={selectClass} value={form.kind} onChange={set('kind')}>
              {COUPON_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind === 'percent' ? 'Percentage' : 'Fixed amount'}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="coupon-value">{form.kind === 'percent' ? 'Percent off (1-100)' : 'Amount off'}</Label>
            <Input id="coupon-value" type="number" step={form.kind === 'percent' ? 1 : 0.01} value={form.value} onChange={set('value')} required />
          </div>
          {form.kind === 'fixed' && (
            <div className="space-y-1">
              <Label htmlFor="coupon-currency">Currency</Label>
              <select id="coupon-currency" className={selectClass} value={form.currency} onChange={set('currency')}>
                {CURRENCIES.map((currency) => (
                  <option key={currency}>{currency}</option>
                ))}
              </select>
            </div>
          )}
          <fieldset className="col-span-2 space-y-1">
            <legend className="text-sm font-medium">Plugins (none ticked and no tiers: every plugin)</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {(plugins.data ?? []).map((plugin) => (
                <label key={plugin.slug} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={form.plugin_slugs.includes(plugin.slug)} onChange={() => togglePlugin(plugin.slug)} />
                  {plugin.name}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="col-span-2 space-y-1" data-testid="coupon-tiers">
            <legend className="text-sm font-medium">Price tiers (a tier ticked counts whatever the plugins above)</legend>
            {(plugins.data ?? [])
              .filter((plugin) => tiers.some((tier) => tier.plugin_slug === plugin.slug))
              .map((plugin) => (
                <div key={plugin.slug} className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  <span className="w-full text-xs text-muted-foreground">{plugin.name}</span>
                  {tiers
                    .filter((tier) => tier.plugin_slug === plugin.slug)
                    .map((tier) => (
                      <label key={tier.id} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={form.price_ids.includes(tier.id)}
                          onChange={() => toggleTier(tier.id)}
                          aria-label={`${plugin.name}: ${tier.name}`}
                        />
                        {tier.name}
                        {!tier.active && <span className="text-xs text-muted-foreground">(inactive)</span>}
                      </label>
                    ))}
                </div>
              ))}
          </fieldset>
          <fieldset className="col-span-2 flex gap-6">
            <legend className="mb-1 text-sm font-medium">Applies to</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={form.for_new} onChange={(event) => setForm({ ...form, for_new: event.target.checked })} />
              New sales
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={form.for_renewals} onChange={(event) => setForm({ ...form, for_renewals: event.target.checked })} />
              Renewals
            </label>
          </fieldset>
          {/* A date and time needs the dialog's whole width on a phone (half of it clipped the time at 360 px). */}
          <div className="col-span-2 space-y-1 sm:col-span-1">
            <Label htmlFor="coupon-from">Valid from (UTC)</Label>
            <Input id="coupon-from" type="datetime-local" value={form.valid_from} onChange={set('valid_from')} />
          </div>
          <div className="col-span-2 space-y-1 sm:col-span-1">
            <Label htmlFor="coupon-to">Valid to (UTC)</Label>
            <Input id="coupon-to" type="datetime-local" value={form.valid_to} onChange={set('valid_to')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="coupon-max">Total limit</Label>
            <Input id="coupon-max" type="number" min={1} value={form.max_redemptions} onChange={set('max_redemptions')} placeholder="No limit" />
          </div>
          <div className="space-y-1">
            <Label htmlFor="coupon-per-buyer">Limit per buyer</Label>
            <Input id="coupon-per-buyer" type="number" min={1} value={form.max_per_buyer} onChange={set('max_per_buyer')} placeholder="No limit" />
          </div>
          {problem && (
            <p role="alert" className="col-span-2 text-sm text-destructive" data-testid="coupon-form-error">
              {problem}
            </p>
          )}
        </form>
        <FormActions form="coupon-form" label="Save Coupon" isPending={save.isPending} isCancelLocked onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}
