import { useMemo } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUsStates } from '../api/us-states';
import { NativeSelectField, toOptions } from '@/components/option-select';

/** The buyer's tax details (docs/tax.md): country, and for a business its VAT number, name and address for the invoice. */
export interface BuyerTax {
  country: string;
  /** A US buyer's state (docs/tax.md "US states"). */
  state?: string;
  vatNumber: string;
  name: string;
  address: string;
}

// Every region code the browser can name (ISO 3166-1 alpha-2); the server checks the one chosen.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
function countryOptions(): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const options: Array<{ code: string; name: string }> = [];
  for (const first of letters)
    for (const second of letters) {
      const code = first + second;
      const name = names.of(code);
      if (name && name !== code && !NOT_COUNTRIES.has(code)) options.push({ code, name });
    }
  return options.sort((a, b) => a.name.localeCompare(b.name));
}

const SELECT_CLASS = 'h-9 w-full rounded-md border bg-background px-3 text-sm';

export function TaxFields({ value, onChange, disabled }: { value: BuyerTax; onChange: (next: BuyerTax) => void; disabled: boolean }) {
  const countries = useMemo(() => countryOptions().map(({ code, name }) => ({ value: code, label: name })), []);
  const states = useUsStates(value.country === 'US');
  const change = (field: keyof BuyerTax) => (next: string) => onChange({ ...value, [field]: next });
  const set = (field: keyof BuyerTax) => (event: { target: { value: string } }) => change(field)(event.target.value);
  return (
    <div className="mb-4 space-y-3" data-testid="checkout-tax-fields">
      <NativeSelectField
        id="checkout-country"
        label="Country"
        prompt="Choose your country"
        className={SELECT_CLASS}
        value={value.country}
        onChange={change('country')}
        disabled={disabled}
        required
        options={countries}
      />
      {value.country === 'US' && (
        <NativeSelectField
          id="checkout-state"
          label="State"
          prompt="Choose your state"
          className={SELECT_CLASS}
          value={value.state ?? ''}
          onChange={change('state')}
          disabled={disabled}
          options={toOptions(states.data?.states ?? [])}
        />
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Buying for a business? Add your VAT number</summary>
        <div className="mt-2 space-y-2">
          <Label htmlFor="checkout-vat">VAT number</Label>
          <Input id="checkout-vat" placeholder="FR40303265045" value={value.vatNumber} onChange={set('vatNumber')} disabled={disabled} maxLength={20} />
          <Label htmlFor="checkout-buyer-name">Name on the invoice</Label>
          <Input id="checkout-buyer-name" value={value.name} onChange={set('name')} disabled={disabled} maxLength={200} autoComplete="organization" />
          <Label htmlFor="checkout-buyer-address">Address on the invoice</Label>
          <Input
            id="checkout-buyer-address"
            value={value.address}
            onChange={set('address')}
            disabled={disabled}
            maxLength={500}
            autoComplete="street-address"
          />
        </div>
      </details>
    </div>
  );
}
