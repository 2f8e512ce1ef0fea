import { formatMoney } from '@common/pricing';
import { taxLineLabel, type TaxQuote } from '@common/tax';

/** An offer's net, tax and total on the renewal page (docs/tax.md "Renewals"), as the server computed them. */
export function RenewTaxBreakdown({ tax, testId }: { tax: TaxQuote; testId: string }) {
  return (
    <div className="space-y-1 text-sm" data-testid={testId}>
      <div className="flex justify-between gap-4">
        <span className="text-muted-foreground">Net</span>
        <span data-testid={`${testId}-net`}>{formatMoney(tax.net, tax.currency)}</span>
      </div>
      <div className="flex justify-between gap-4">
        <span className="text-muted-foreground">{taxLineLabel(tax)}</span>
        <span data-testid={`${testId}-tax`}>{formatMoney(tax.tax, tax.currency)}</span>
      </div>
      <div className="flex justify-between gap-4 font-semibold">
        <span>Total</span>
        <span data-testid={`${testId}-total`}>{formatMoney(tax.total, tax.currency)}</span>
      </div>
      {tax.note && <p className="text-xs text-muted-foreground">{tax.note}</p>}
    </div>
  );
}
