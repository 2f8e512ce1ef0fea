import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppContext } from '../../kernel/context.js';
import type { Recorder } from '../../kernel/events.js';
import { findOrderById } from '../orders/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { findPriceById } from '../prices/index.js';
import { storeIdentity } from '../storefront/index.js';
import { readTaxSettings } from '../tax/index.js';
import { RECEIPT_VAT_NOTE } from '../../../common/account.js';
import { REVERSE_CHARGE_NOTE, taxPlace, UK_REVERSE_CHARGE_NOTE, type TaxTreatment } from '../../../common/tax.js';
import type { Invoice, InvoiceLine, InvoiceParty } from '../../../common/invoices.js';
import { findInvoiceOfOrder, insertInvoice, takeNextNumber, type InvoiceRow } from './invoices.repository.js';

// One invoice per paid order, one credit note per refunded invoiced order (docs/tax.md "Invoices"), written by
// recorders of `order.paid` and `order.refunded`: in the payment's or refund's own transaction, so the number is
// taken and the document stored with the payment or not at all. Lemon Squeezy orders are left out: as merchant
// of record it invoices the buyer itself.

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderById>>>;
const MERCHANT_OF_RECORD_PROVIDERS = new Set(['lemonsqueezy']);

export const invoiceNumberText = (prefix: string, number: number) => `${prefix}-${String(number).padStart(6, '0')}`;

function notesOf(treatment: TaxTreatment, country: string | null, region: string | null): string[] {
  if (treatment === 'reverse_charge') return [country === 'GB' ? UK_REVERSE_CHARGE_NOTE : REVERSE_CHARGE_NOTE];
  if (treatment === 'not_registered')
    return [`No tax is charged: the seller is not registered for tax in ${country ? taxPlace(country, region) : 'the buyer\u2019s country'}.`];
  if (treatment === 'none') return [RECEIPT_VAT_NOTE];
  return [];
}

async function lineOf(trx: Transaction<DB>, order: OrderRow, net: number, tax: number, rateBp: number): Promise<InvoiceLine> {
  const plugin = await findPluginBySlug(trx, order.plugin_slug);
  const tier = order.price_id === null ? undefined : await findPriceById(trx, order.price_id);
  const what = order.kind === 'renewal' || order.kind === 'upgrade' ? `, ${order.kind}` : '';
  const description = `${plugin?.name ?? order.plugin_slug}${tier ? ` (${tier.name})` : ''}${what}`;
  return { description, quantity: 1, net, rate_bp: rateBp, tax, total: net + tax };
}

async function issueInvoice(ctx: AppContext, trx: Transaction<DB>, order: OrderRow, at: string): Promise<void> {
  if (MERCHANT_OF_RECORD_PROVIDERS.has(order.provider) || (await findInvoiceOfOrder(trx, order.id, 'invoice'))) return;
  const settings = await readTaxSettings(trx);
  const identity = storeIdentity(ctx.settings);
  const net = order.net_amount ?? order.amount;
  const tax = order.net_amount === null ? 0 : order.tax_amount;
  const rateBp = order.tax_rate_bp ?? 0;
  const treatment = (order.tax_treatment ?? 'none') as TaxTreatment;
  const seller: InvoiceParty = {
    name: identity.legal_name || identity.store_name,
    address: identity.legal_address,
    country: settings.seller_country,
    vat_number: identity.vat_number || null,
    email: identity.support_email,
  };
  const buyer: InvoiceParty = {
    name: order.buyer_name ?? order.email,
    address: order.buyer_address ?? '',
    country: order.tax_country,
    region: order.tax_region,
    vat_number: order.buyer_vat_number,
    email: order.email,
  };
  const number = await takeNextNumber(trx, settings.invoice_prefix);
  const document = {
    seller,
    buyer,
    lines: [await lineOf(trx, order, net, tax, rateBp)],
    notes: notesOf(treatment, order.tax_country, order.tax_region),
    credits: null,
  };
  await insertInvoice(trx, {
    kind: 'invoice',
    series: settings.invoice_prefix,
    number,
    number_text: invoiceNumberText(settings.invoice_prefix, number),
    order_id: order.id,
    invoice_id: null,
    issued_at: at,
    supplied_at: order.paid_at ?? at,
    currency: order.currency,
    net_amount: net,
    tax_amount: tax,
    total_amount: net + tax,
    tax_rate_bp: rateBp,
    tax_country: order.tax_country,
    tax_treatment: treatment,
    document: JSON.stringify(document),
  });
}

/** A full refund's credit note: the invoice's amounts, its own series and number, naming the invoice it credits. */
async function issueCreditNote(trx: Transaction<DB>, orderId: number, at: string): Promise<void> {
  const invoice = await findInvoiceOfOrder(trx, orderId, 'invoice');
  if (!invoice || (await findInvoiceOfOrder(trx, orderId, 'credit_note'))) return;
  const settings = await readTaxSettings(trx);
  const issued = JSON.parse(invoice.document) as Pick<Invoice, 'seller' | 'buyer' | 'lines' | 'notes'>;
  const number = await takeNextNumber(trx, settings.credit_note_prefix);
  const credits = `Credits invoice ${invoice.number_text} of ${invoice.issued_at.slice(0, 10)} in full (refund).`;
  await insertInvoice(trx, {
    ...withoutId(invoice),
    kind: 'credit_note',
    series: settings.credit_note_prefix,
    number,
    number_text: invoiceNumberText(settings.credit_note_prefix, number),
    invoice_id: invoice.id,
    issued_at: at,
    document: JSON.stringify({ ...issued, notes: [credits, ...issued.notes], credits: invoice.number_text }),
  });
}

const withoutId = ({ id: _id, ...row }: InvoiceRow) => row;

/** The recorder that issues an invoice with each payment and a credit note with each refund, in its transaction. */
export const invoiceRecorder =
  (ctx: AppContext): Recorder =>
  async (trx, event) => {
    if (event.type === 'order.refunded') return issueCreditNote(trx, event.data.id, event.at);
    if (event.type !== 'order.paid') return;
    const order = await findOrderById(trx, event.data.id);
    // The event's row is written just before it is emitted (fulfilment), so the order reads as paid here.
    if (order) await issueInvoice(ctx, trx, { ...order, paid_at: order.paid_at ?? event.at }, event.at);
  };
