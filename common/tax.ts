import { z } from 'zod';

// Tax at checkout (docs/tax.md): the vendor's tax settings, the buyer's quote, and what an order keeps.
// No rate is written here: rates come from Stripe Tax or the maintained rates package (decision 0014).

/** The EU's member states (ISO 3166-1 alpha-2; Greece is GR here, VIES calls it EL). */
export const EU_COUNTRIES: readonly string[] = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
export const isEuCountry = (country: string): boolean => EU_COUNTRIES.includes(country);

/**
 * How an order was taxed: `standard` (the buyer's country's rate), `reverse_charge` (an EU or UK business with a
 * valid VAT number: the buyer accounts for the tax), `not_registered` (the vendor is not registered there and sells
 * without tax), `none` (tax is not set up: the price is the total).
 */
export const TAX_TREATMENTS = ['standard', 'reverse_charge', 'not_registered', 'none'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The location evidence's status (docs/tax.md "Location evidence"). */
export const TAX_EVIDENCE_STATUSES = ['confirmed', 'unconfirmed', 'conflict'] as const;
export type TaxEvidenceStatus = (typeof TAX_EVIDENCE_STATUSES)[number];

export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
export const UK_REVERSE_CHARGE_NOTE = 'Reverse charge: customer to account for VAT to HMRC.';

export const countryField = (name: string) =>
  z
    .string({ error: `${name} must be a two-letter country code such as DE` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, `${name} must be a two-letter country code such as DE`);

const vatNumberField = z
  .string({ error: 'vat_number must be text' })
  .trim()
  .toUpperCase()
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(
    z
      .string()
      .max(20, 'vat_number must be at most 20 characters')
      .regex(/^([A-Z]{2}[A-Z0-9]{2,14})?$/, 'vat_number must start with its country code, such as FR40303265045'),
  );

/** The buyer's tax details at checkout (POST /api/create-payment-intent and /api/checkout/quote). */
export const buyerTaxFields = {
  /** The buyer's country; required once the vendor has set up tax. */
  country: countryField('country').optional(),
  /** A US buyer's state (two letters, such as CA): taxed where the vendor is registered for sales tax (`us_states`). */
  state: z
    .string({ error: 'state must be a two-letter state code such as CA' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'state must be a two-letter state code such as CA')
    .optional(),
  /** A business's VAT number (optional): checked for format, then with VIES. */
  vat_number: vatNumberField.optional(),
  buyer_name: z.string({ error: 'buyer_name must be text' }).trim().max(200, 'buyer_name must be at most 200 characters').optional(),
  buyer_address: z.string({ error: 'buyer_address must be text' }).trim().max(500, 'buyer_address must be at most 500 characters').optional(),
};

/** PUT /api/admin/tax: the vendor's tax settings. */
export const taxSettingsSchema = z
  .object({
    /** Where the vendor is established; null: tax is not set up and prices are totals (as before issue 43). */
    seller_country: countryField('seller_country').nullable(),
    /** Registered for the EU's One-Stop Shop: VAT of the buyer's EU country on every EU consumer sale. */
    eu_oss: z.boolean({ error: 'eu_oss must be true or false' }),
    /** Registered for VAT in the United Kingdom. */
    uk: z.boolean({ error: 'uk must be true or false' }),
    /** Other countries the vendor is registered in (Norway, Switzerland, Australia, …). */
    other_registrations: z.array(countryField('other_registrations')).max(250),
    /** US states the vendor collects sales tax in (registered there); a US buyer in another state pays none. */
    us_states: z.array(z.string().regex(/^[A-Z]{2}$/, 'us_states must be two-letter state codes such as CA')).max(60),
    /** Whether the prices entered include tax (the total stays the price) or tax is added on top. */
    prices_include_tax: z.boolean({ error: 'prices_include_tax must be true or false' }),
    /** Where the vendor is not registered: sell without tax, or refuse the sale. */
    unregistered: z.enum(['sell_without_tax', 'refuse'], { error: 'unregistered must be sell_without_tax or refuse' }),
    /** The vendor's own rates in percent by country, over the rates package's (a changed rate before a package update). */
    rate_overrides: z.record(countryField('rate_overrides'), z.number({ error: 'a rate must be a number' }).min(0).max(100)),
    /** The invoice numbers' prefixes; each is its own consecutive series. */
    invoice_prefix: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .regex(/^[A-Z0-9-]+$/i, 'invoice_prefix may hold letters, digits and hyphens'),
    credit_note_prefix: z
      .string()
      .trim()
      .min(1)
      .max(12)
      .regex(/^[A-Z0-9-]+$/i, 'credit_note_prefix may hold letters, digits and hyphens'),
  })
  .strict();
export type TaxSettings = z.infer<typeof taxSettingsSchema>;
export const taxSettingsUpdateSchema = taxSettingsSchema.partial().strict();
export type TaxSettingsUpdate = z.infer<typeof taxSettingsUpdateSchema>;

export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  seller_country: null,
  eu_oss: false,
  uk: false,
  other_registrations: [],
  us_states: [],
  prices_include_tax: false,
  unregistered: 'sell_without_tax',
  rate_overrides: {},
  invoice_prefix: 'INV',
  credit_note_prefix: 'CN',
};

/** What the buyer pays, computed by the server: the price box and the payment step show it. */
export const taxQuoteSchema = z.object({
  currency: z.string(),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  rate_bp: z.number(),
  country: z.string().nullable(),
  /** A US buyer's state the sales tax is for (only where the vendor collects it). */
  region: z.string().nullable().optional(),
  treatment: z.enum(TAX_TREATMENTS),
  /** For the buyer: why no VAT (reverse charge), or why VAT was charged on a VAT number (VIES said no or was down). */
  note: z.string().nullable(),
});
export type TaxQuote = z.infer<typeof taxQuoteSchema>;

/** GET /api/tax/us-states: the US states a buyer chooses from (the rates package's). */
export const usStatesSchema = z.object({ states: z.array(z.string()) });

/** A rate in basis points as people write it: 1900 → "19%", 810 → "8.1%". */
/** Where tax was charged: the country, or a US buyer's country and state as ISO 3166-2 writes them (`US-CA`). */
export const taxPlace = (country: string, region: string | null | undefined): string => (region ? `${country}-${region}` : country);

/** The tax line of a price box: "VAT (reverse charge)" or "Tax 19% (DE)", "Tax 8.25% (US-CA)" (checkout and renewal). */
export const taxLineLabel = (tax: Pick<TaxQuote, 'treatment' | 'rate_bp' | 'country' | 'region'>): string =>
  tax.treatment === 'reverse_charge' ? 'VAT (reverse charge)' : `Tax ${formatRate(tax.rate_bp)}${tax.country ? ` (${taxPlace(tax.country, tax.region)})` : ''}`;

export const formatRate = (bp: number): string => `${Number((bp / 100).toFixed(2))}%`;
