import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import type { Invoice, TaxPeriodQuery, TaxReport } from '../../../common/invoices.js';
import type { TaxTreatment } from '../../../common/tax.js';
import { findInvoiceById, listInvoicesIssued, listInvoicesOfOrders, type InvoiceRow } from './invoices.repository.js';

export function toInvoice(row: InvoiceRow): Invoice {
  const document = JSON.parse(row.document) as Pick<Invoice, 'seller' | 'buyer' | 'lines' | 'notes'> & { credits: string | null };
  return {
    id: row.id,
    kind: row.kind as Invoice['kind'],
    number: row.number_text,
    order_id: row.order_id,
    credits: document.credits,
    issued_at: row.issued_at,
    supplied_at: row.supplied_at,
    currency: row.currency,
    seller: document.seller,
    buyer: document.buyer,
    lines: document.lines,
    net: row.net_amount,
    tax: row.tax_amount,
    total: row.total_amount,
    rate_bp: row.tax_rate_bp,
    tax_country: row.tax_country,
    treatment: row.tax_treatment as TaxTreatment,
    notes: document.notes,
  };
}

export async function findInvoice(ctx: AppContext, id: number): Promise<Invoice> {
  const row = await findInvoiceById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', `No invoice or credit note #${id}`);
  return toInvoice(row);
}

/** A customer's own invoice: 404 (never 403) for another buyer's, so ids reveal nothing. */
export async function findInvoiceOfCustomer(ctx: AppContext, email: string, id: number): Promise<Invoice> {
  const row = await findInvoiceById(ctx.db, id);
  const invoice = row ? toInvoice(row) : undefined;
  if (!invoice || invoice.buyer.email?.toLowerCase() !== email.toLowerCase()) throw new AppError('NOT_FOUND', `No invoice or credit note #${id} of yours`);
  return invoice;
}

/** The invoices and credit notes of these orders (the account's and the admin's order lists). */
export async function invoicesOfOrders(ctx: AppContext, orderIds: readonly number[]): Promise<Invoice[]> {
  return (await listInvoicesOfOrders(ctx.db, orderIds)).map(toInvoice);
}

/** [from, to] whole UTC days as [start, end) times. */
export function periodBounds(query: Pick<TaxPeriodQuery, 'from' | 'to'>): { start: string; end: string } {
  const start = `${query.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString();
  if (end <= start) throw new AppError('BAD_REQUEST', 'from must be on or before to');
  return { start, end };
}

export async function listInvoices(ctx: AppContext, query: TaxPeriodQuery): Promise<Invoice[]> {
  const { start, end } = periodBounds(query);
  return (await listInvoicesIssued(ctx.db, start, end)).map(toInvoice);
}

/**
 * The tax report (docs/tax.md "The tax report"): per country, rate, treatment and currency, the invoices issued in
 * the period less the credit notes issued in it, in minor units, as the One-Stop Shop return asks.
 */
export async function taxReport(ctx: AppContext, query: TaxPeriodQuery): Promise<TaxReport> {
  const { start, end } = periodBounds(query);
  const rows = new Map<string, TaxReport['rows'][number]>();
  for (const invoice of await listInvoicesIssued(ctx.db, start, end)) {
    // A US sale's state is in its document (issued before it was kept: none).
    const region = (JSON.parse(invoice.document) as Pick<Invoice, 'buyer'>).buyer.region ?? null;
    const key = JSON.stringify([invoice.tax_country, region, invoice.tax_rate_bp, invoice.tax_treatment, invoice.currency]);
    const row = rows.get(key) ?? {
      country: invoice.tax_country,
      region,
      rate_bp: invoice.tax_rate_bp,
      treatment: invoice.tax_treatment,
      currency: invoice.currency,
      net: 0,
      tax: 0,
      total: 0,
      invoices: 0,
      credit_notes: 0,
    };
    const sign = invoice.kind === 'credit_note' ? -1 : 1;
    row.net += sign * invoice.net_amount;
    row.tax += sign * invoice.tax_amount;
    row.total += sign * invoice.total_amount;
    if (sign === 1) row.invoices += 1;
    else row.credit_notes += 1;
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort(
    (a, b) => (a.country ?? '').localeCompare(b.country ?? '') || (a.region ?? '').localeCompare(b.region ?? '') || b.rate_bp - a.rate_bp,
  );
  return { from: query.from, to: query.to, rows: sorted };
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // Country and state codes, treatments and currencies are codes, amounts are numbers: nothing a spreadsheet runs as a formula.
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The report as CSV: amounts in major units with two decimals, so a spreadsheet sums them to the cent. */
export function taxReportCsv(report: TaxReport): string {
  const head = ['country', 'region', 'rate_percent', 'treatment', 'currency', 'net', 'tax', 'total', 'invoices', 'credit_notes'];
  const major = (minor: number) => (minor / 100).toFixed(2);
  const lines = report.rows.map((row) =>
    [row.country, row.region, row.rate_bp / 100, row.treatment, row.currency, major(row.net), major(row.tax), major(row.total), row.invoices, row.credit_notes]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
