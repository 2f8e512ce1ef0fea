import { z } from 'zod';
import { idParamsSchema } from './ids.js';
import { TAX_TREATMENTS } from './tax.js';

// Invoices and credit notes (docs/tax.md "Invoices"): what an issued document holds, exactly as issued.
export const invoicePartySchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string().nullable(),
  /** A US buyer's state the sales tax was charged for (`CA`); absent on documents issued before it was kept. */
  region: z.string().nullable().optional(),
  vat_number: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/** A document's, a line's or a report row's amounts (minor units) and its tax rate in basis points. */
const taxedAmountFields = { net: z.number(), tax: z.number(), total: z.number(), rate_bp: z.number() };

export const invoiceLineSchema = z.object({ description: z.string(), quantity: z.number(), ...taxedAmountFields });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.number(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  order_id: z.number(),
  /** A credit note's invoice number. */
  credits: z.string().nullable(),
  issued_at: z.string(),
  supplied_at: z.string(),
  currency: z.string(),
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  lines: z.array(invoiceLineSchema),
  ...taxedAmountFields,
  tax_country: z.string().nullable(),
  treatment: z.enum(TAX_TREATMENTS),
  notes: z.array(z.string()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceIdParamsSchema = idParamsSchema;

const dateField = (name: string) =>
  z
    .string({ error: `${name} must be a date such as 2026-01-31` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date such as 2026-01-31`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${name} must be a real date such as 2026-01-31`);

/** GET /api/admin/tax/report (and report.csv) and /api/admin/invoices: a period of whole UTC days, `to` included. */
export const taxPeriodQuerySchema = z.object({ from: dateField('from'), to: dateField('to') });
export type TaxPeriodQuery = z.infer<typeof taxPeriodQuerySchema>;

/** The amounts are invoices less credit notes. */
export const taxReportRowSchema = z.object({
  country: z.string().nullable(),
  /** A US state the sales tax was charged for (a row per state); null elsewhere. */
  region: z.string().nullable(),
  treatment: z.string(),
  currency: z.string(),
  ...taxedAmountFields,
  invoices: z.number(),
  credit_notes: z.number(),
});
export const taxReportSchema = z.object({ from: z.string(), to: z.string(), rows: z.array(taxReportRowSchema) });
export type TaxReport = z.infer<typeof taxReportSchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema) });
