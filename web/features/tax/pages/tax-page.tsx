import { useState, type FormEvent } from 'react';
import { formatMoney } from '@common/pricing';
import { formatRate, taxPlace, type TaxSettings } from '@common/tax';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { useSaveTaxSettings, useTaxSettings } from '../api/tax-settings';
import { adminInvoicePdfUrl, taxReportCsvUrl, useInvoices, useTaxReport } from '../api/tax-report';

/** /tax: the vendor's tax settings, the tax report for a period (on screen and CSV) and the invoices issued (docs/tax.md). */
export function TaxPage() {
  usePageMeta('Tax');
  const settings = useTaxSettings();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Tax</h1>
        <p className="text-muted-foreground">VAT and sales tax at checkout, invoices, credit notes and the tax report.</p>
      </div>
      {settings.isPending ? (
        <Skeleton className="h-64 rounded-xl" />
      ) : settings.isError ? (
        <p className="text-destructive">{errorMessage(settings.error, 'The tax settings could not be loaded.')}</p>
      ) : (
        <TaxSettingsCard settings={settings.data} />
      )}
      <TaxReportCard />
    </div>
  );
}

function TaxSettingsCard({ settings }: { settings: TaxSettings }) {
  const save = useSaveTaxSettings();
  const [form, setForm] = useState({ ...settings, other: settings.other_registrations.join(', '), states: settings.us_states.join(', ') });
  const codes = (text: string) =>
    text
      .split(/[\s,]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { other, states, ...rest } = form;
    save.mutate(
      {
        ...rest,
        seller_country: rest.seller_country ? rest.seller_country.toUpperCase() : null,
        other_registrations: codes(other),
        us_states: codes(states),
      },
      {
        onSuccess: () => toast({ title: 'Tax settings saved' }),
        onError: (error) => toast({ title: 'Not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };
  const check = (field: 'eu_oss' | 'uk' | 'prices_include_tax', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={form[field]}
        onChange={(event) => setForm({ ...form, [field]: event.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tax settings</CardTitle>
        <CardDescription>Leave the seller country empty to sell without tax (prices are totals). Rates come from the maintained rates package.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="tax-seller-country">Seller country (e.g. IE)</Label>
            <Input
              id="tax-seller-country"
              maxLength={2}
              value={form.seller_country ?? ''}
              onChange={(event) => setForm({ ...form, seller_country: event.target.value || null })}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="tax-other">Other registrations (e.g. NO, CH, AU)</Label>
            <Input id="tax-other" value={form.other} onChange={(event) => setForm({ ...form, other: event.target.value })} />
          </div>
          <div className="space-y-2">
            {/* docs/tax.md "US states": a US buyer in a listed state pays its sales tax; elsewhere in the US, none. */}
            <Label htmlFor="tax-us-states">US states you collect sales tax in (e.g. CA, NY)</Label>
            <Input id="tax-us-states" value={form.states} onChange={(event) => setForm({ ...form, states: event.target.value })} />
          </div>
          <div className="space-y-2">
            {check('eu_oss', 'Registered for the EU One-Stop Shop')}
            {check('uk', 'Registered for VAT in the United Kingdom')}
            {check('prices_include_tax', 'Prices include tax')}
          </div>
          <div className="space-y-2">
            <Label htmlFor="tax-unregistered">Where not registered</Label>
            <select
              id="tax-unregistered"
              className="h-9 w-full rounded-md border bg-background px-3 text-sm"
              value={form.unregistered}
              onChange={(event) => setForm({ ...form, unregistered: event.target.value as TaxSettings['unregistered'] })}
            >
              <option value="sell_without_tax">Sell without tax</option>
              <option value="refuse">Refuse the sale</option>
            </select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="tax-invoice-prefix">Invoice number prefix</Label>
            <Input id="tax-invoice-prefix" value={form.invoice_prefix} onChange={(event) => setForm({ ...form, invoice_prefix: event.target.value })} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="tax-credit-prefix">Credit note number prefix</Label>
            <Input id="tax-credit-prefix" value={form.credit_note_prefix} onChange={(event) => setForm({ ...form, credit_note_prefix: event.target.value })} />
          </div>
          <div className="md:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              Save tax settings
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const quarterStart = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1)).toISOString().slice(0, 10);
};

function TaxReportCard() {
  const [period, setPeriod] = useState({ from: quarterStart(), to: today() });
  const report = useTaxReport(period);
  const invoices = useInvoices(period);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tax report</CardTitle>
        <CardDescription>Tax per country and rate: invoices issued in the period less credit notes, as the One-Stop Shop return asks.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <Label htmlFor="tax-from">From</Label>
            <Input id="tax-from" type="date" value={period.from} onChange={(event) => setPeriod({ ...period, from: event.target.value })} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="tax-to">To</Label>
            <Input id="tax-to" type="date" value={period.to} onChange={(event) => setPeriod({ ...period, to: event.target.value })} />
          </div>
          <Button asChild variant="outline">
            <a href={taxReportCsvUrl(period)} download>
              Download CSV
            </a>
          </Button>
        </div>
        {report.isError && <p className="text-destructive">{errorMessage(report.error, 'The report could not be loaded.')}</p>}
        <HeadedTable
          data-testid="tax-report"
          headings={[
            'Country',
            'Rate',
            'Treatment',
            { label: 'Net', className: 'text-right' },
            { label: 'Tax', className: 'text-right' },
            { label: 'Total', className: 'text-right' },
          ]}
        >
          {(report.data?.rows ?? []).map((row) => (
            <TableRow key={`${row.country}-${row.region}-${row.rate_bp}-${row.treatment}-${row.currency}`}>
              <TableCell>{row.country ? taxPlace(row.country, row.region) : '—'}</TableCell>
              <TableCell>{formatRate(row.rate_bp)}</TableCell>
              <TableCell>{row.treatment.replace('_', ' ')}</TableCell>
              <TableCell className="text-right">{formatMoney(row.net, row.currency)}</TableCell>
              <TableCell className="text-right">{formatMoney(row.tax, row.currency)}</TableCell>
              <TableCell className="text-right">{formatMoney(row.total, row.currency)}</TableCell>
            </TableRow>
          ))}
        </HeadedTable>
        <h3 className="font-semibold">Invoices and credit notes</h3>
        <ul className="divide-y rounded-lg border text-sm">
          {(invoices.data ?? []).map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>
                {invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {invoice.number} · order #{invoice.order_id} · {invoice.buyer.name}
              </span>
              <a className="underline" href={adminInvoicePdfUrl(invoice.id)} download>
                {formatMoney(invoice.total, invoice.currency)} PDF
              </a>
            </li>
          ))}
          {invoices.data?.length === 0 && <li className="px-3 py-2 text-muted-foreground">None in this period.</li>}
        </ul>
      </CardContent>
    </Card>
  );
}
