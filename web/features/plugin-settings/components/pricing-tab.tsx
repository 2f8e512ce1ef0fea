import { useState } from 'react';
import type { AdminPlugin, Currency } from '@common/plugins';
import { CURRENCY_SYMBOLS, priceDisplay, tierSummary } from '@common/pricing';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdatePlugin } from '@/lib/admin-plugins';
import { previewPlugin, toPricingForm, toPricingPatch, type PricingForm } from '../lib/pricing-form';
import { PluginSelect } from '@/components/plugin-select';
import { useTiers } from '../api/get-tiers';

const CURRENCY_OPTIONS: Array<{ value: Currency; label: string }> = [
  { value: 'GBP', label: 'GBP (£)' },
  { value: 'USD', label: 'USD ($)' },
  { value: 'EUR', label: 'EUR (€)' },
];

/** Pricing (docs/product-spec.md section 4): read-only until Edit Pricing; Cancel restores the saved values; live preview. */
export function PricingTab({ plugins }: { plugins: AdminPlugin[] }) {
  const [slug, setSlug] = useState(plugins[0]?.slug ?? '');
  const plugin = plugins.find((item) => item.slug === slug);
  if (plugins.length === 0) return <p className="py-10 text-center text-muted-foreground">No plugins found</p>;
  return (
    <div className="space-y-4">
      <PluginSelect id="pricing-plugin" plugins={plugins} value={slug} onChange={setSlug} className="max-w-sm" />
      {plugin ? (
        <PricingEditor key={plugin.slug} plugin={plugin} />
      ) : (
        <Alert variant="destructive">
          <AlertTitle>Failed to load plugin data</AlertTitle>
          <AlertDescription>Plugin not found</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function PricingEditor({ plugin }: { plugin: AdminPlugin }) {
  // What the plugin page says under the price: its first tier on sale (a plugin without tiers sells as lifetime, 3 sites).
  const firstTier = useTiers(plugin.slug).data?.find((tier) => tier.active);
  const [isEditing, setIsEditing] = useState(false);
  const [form, setForm] = useState<PricingForm>(() => toPricingForm(plugin));
  const [errors, setErrors] = useState<Partial<Record<'price' | 'discount_price', string>>>({});
  const update = useUpdatePlugin();
  const shown = isEditing ? form : toPricingForm(plugin);
  const set = <K extends keyof PricingForm>(key: K, value: PricingForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const cancel = () => {
    setForm(toPricingForm(plugin));
    setErrors({});
    setIsEditing(false);
  };
  const save = () => {
    const result = toPricingPatch(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { slug: plugin.slug, patch: result.patch },
      {
        onSuccess: (saved) => {
          setForm(toPricingForm(saved));
          setIsEditing(false);
          toast({ title: 'Pricing Updated', description: `${plugin.name} pricing has been saved.` });
        },
        onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error, 'Failed to update pricing'), variant: 'destructive' }),
      },
    );
  };

  const preview = priceDisplay(previewPlugin(shown));
  const amountField = (field: 'price' | 'discount_price', label: string) => (
    <div className="space-y-2">
      <Label htmlFor={`pricing-${field}`}>
        {label} ({CURRENCY_SYMBOLS[shown.currency]})
      </Label>
      <Input
        id={`pricing-${field}`}
        inputMode="decimal"
        placeholder="0.00"
        value={shown[field]}
        disabled={!isEditing}
        aria-invalid={Boolean(errors[field])}
        onChange={(event) => set(field, event.target.value)}
      />
      {errors[field] && <p className="text-sm text-destructive">{errors[field]}</p>}
    </div>
  );

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Pricing for {plugin.name}</CardTitle>
          <CardDescription>Prices are entered in major units with 2 decimals and stored in minor units.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {amountField('price', 'Price')}
            {amountField('discount_price', 'Discount Price')}
            <div className="space-y-2">
              <Label htmlFor="pricing-currency">Currency</Label>
              <Select value={shown.currency} onValueChange={(value) => set('currency', value as Currency)} disabled={!isEditing}>
                <SelectTrigger id="pricing-currency" aria-label="Currency">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {CURRENCY_OPTIONS.map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="pricing-price_display">Price Display</Label>
              <Input
                id="pricing-price_display"
                placeholder="e.g. £49"
                value={shown.price_display}
                disabled={!isEditing}
                onChange={(event) => set('price_display', event.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="pricing-discount_display">Discount Display</Label>
              <Input
                id="pricing-discount_display"
                placeholder="e.g. Launch offer"
                value={shown.discount_display}
                disabled={!isEditing}
                onChange={(event) => set('discount_display', event.target.value)}
              />
            </div>
          </div>
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={shown.is_free}
                disabled={!isEditing}
                onChange={(event) => set('is_free', event.target.checked)}
              />
              Free plugin
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={shown.pricing_active}
                disabled={!isEditing}
                onChange={(event) => set('pricing_active', event.target.checked)}
              />
              Pricing active
            </label>
          </div>
          <div className="flex gap-2">
            {isEditing ? (
              <>
                <Button onClick={save} disabled={update.isPending}>
                  {update.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
                <Button variant="outline" onClick={cancel} disabled={update.isPending}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button onClick={() => setIsEditing(true)}>Edit Pricing</Button>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>How the storefront shows this price.</CardDescription>
        </CardHeader>
        <CardContent data-testid="pricing-preview" className="space-y-2">
          <div className="flex items-baseline gap-2">
            <span className="text-3xl font-bold">{preview.label}</span>
            {preview.kind === 'discounted' && (
              <>
                <span className="text-muted-foreground line-through">{preview.original}</span>
                <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">{preview.percentOff}% OFF</span>
              </>
            )}
          </div>
          <p className="text-sm text-muted-foreground" data-testid="pricing-preview-tier">
            {tierSummary(firstTier ?? { term: 'lifetime', sites: 3 })}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
