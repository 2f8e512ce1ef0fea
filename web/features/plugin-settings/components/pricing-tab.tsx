import { useState } from 'react';
import type { AdminPlugin, Currency } from '@common/plugins';
import { CURRENCY_SYMBOLS, priceDisplay, tierSummary } from '@common/pricing';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SelectField, type SelectOption } from '@/components/option-select';
import { CheckboxField } from '@/components/form-field';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useUpdatePlugin } from '@/lib/admin-plugins';
import { previewPlugin, toPricingForm, toPricingPatch, type PricingForm } from '../lib/pricing-form';
import { PluginSelect } from '@/components/plugin-select';
import { useTiers } from '../api/get-tiers';

const CURRENCY_OPTIONS: Array<SelectOption<Currency>> = [
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
  const symbol = CURRENCY_SYMBOLS[shown.currency];
  const textField = (field: 'price' | 'discount_price' | 'price_display' | 'discount_display', label: string, placeholder: string) => {
    const isAmount = field === 'price' || field === 'discount_price';
    const error = isAmount ? errors[field] : undefined;
    return (
      <div className="space-y-2">
        <Label htmlFor={`pricing-${field}`}>{label}</Label>
        <Input
          id={`pricing-${field}`}
          inputMode={isAmount ? 'decimal' : undefined}
          placeholder={placeholder}
          value={shown[field]}
          disabled={!isEditing}
          aria-invalid={isAmount ? Boolean(error) : undefined}
          onChange={(event) => set(field, event.target.value)}
        />
        {error && <p className="text-sm text-destructive">{error}</p>}
      </div>
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Pricing for {plugin.name}</CardTitle>
          <CardDescription>Prices are entered in major units with 2 decimals and stored in minor units.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {textField('price', `Price (${symbol})`, '0.00')}
            {textField('discount_price', `Discount Price (${symbol})`, '0.00')}
            <SelectField
              id="pricing-currency"
              label="Currency"
              ariaLabel="Currency"
              value={shown.currency}
              onChange={(value) => set('currency', value)}
              disabled={!isEditing}
              options={CURRENCY_OPTIONS}
            />
            {textField('price_display', 'Price Display', 'e.g. £49')}
            {textField('discount_display', 'Discount Display', 'e.g. Launch offer')}
          </div>
          <div className="flex flex-wrap gap-6">
            <CheckboxField checked={shown.is_free} disabled={!isEditing} onChange={(checked) => set('is_free', checked)} label="Free plugin" />
            <CheckboxField checked={shown.pricing_active} disabled={!isEditing} onChange={(checked) => set('pricing_active', checked)} label="Pricing active" />
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
