import PDFDocument from 'pdfkit';
import { formatRate, taxPlace } from '../../../common/tax.js';
import type { Invoice, InvoiceParty } from '../../../common/invoices.js';

// An invoice or credit note as a PDF (pdfkit, its built-in Helvetica), drawn from the stored document: the same
// bytes of text every time it is downloaded, whatever changed in the shop since.

/** 11900 EUR → "€119.00"; always two decimals, as an invoice shows money. */
export const invoiceMoney = (minor: number, currency: string): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);

const partyLines = (party: InvoiceParty): string[] =>
  [
    party.name,
    ...party.address.split(/\r?\n/),
    party.country ? taxPlace(party.country, party.region) : '',
    party.vat_number ? `VAT number: ${party.vat_number}` : '',
    party.email ?? '',
  ].filter((line) => line.trim() !== '');

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${title} ${invoice.number}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => invoiceMoney(minor, invoice.currency);
  doc.font('Helvetica-Bold').fontSize(20).text(`${title} ${invoice.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Date of issue: ${invoice.issued_at.slice(0, 10)}`);
  doc.text(`Date of supply: ${invoice.supplied_at.slice(0, 10)}`);
  if (invoice.credits) doc.text(`Credits invoice: ${invoice.credits}`);
  doc.text(`Order: #${invoice.order_id}`);
  doc.text(`Currency: ${invoice.currency}`);
  doc.moveDown();
  const top = doc.y;
  doc.font('Helvetica-Bold').text('Seller', 50, top).font('Helvetica');
  for (const line of partyLines(invoice.seller)) doc.text(line, 50);
  const sellerEnd = doc.y;
  doc.font('Helvetica-Bold').text('Buyer', 300, top).font('Helvetica');
  for (const line of partyLines(invoice.buyer)) doc.text(line, 300);
  doc.y = Math.max(sellerEnd, doc.y);
  doc.moveDown(1.5);
  const columns = [50, 300, 365, 420, 480];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, index) => doc.text(cell, columns[index], y, { width: index === 0 ? 245 : 60 }));
    doc.moveDown(0.5);
  };
  row(['Description', 'Net', 'Tax rate', 'Tax', 'Total'], true);
  for (const line of invoice.lines)
    row([`${line.quantity} x ${line.description}`, money(line.net), formatRate(line.rate_bp), money(line.tax), money(line.total)]);
  doc.moveDown();
  doc.font('Helvetica').text(`Net: ${money(invoice.net)}`, 50);
  doc.text(
    `Tax (${formatRate(invoice.rate_bp)}${invoice.tax_country ? `, ${taxPlace(invoice.tax_country, invoice.buyer.region)}` : ''}): ${money(invoice.tax)}`,
  );
  doc
    .font('Helvetica-Bold')
    .text(`Total: ${money(invoice.total)}`)
    .font('Helvetica');
  doc.moveDown();
  for (const note of invoice.notes) doc.text(note, 50, undefined, { width: 495 });
  doc.end();
  return done;
}
