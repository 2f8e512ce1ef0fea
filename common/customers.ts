import { z } from 'zod';
import { idField } from './ids.js';
import { LICENCE_STATUSES, PLANS } from './licenses.js';
import { ORDER_STATUSES } from './orders.js';
import { listCursorAnswer, listCursorQuery } from './list-cursor.js';

// The admin's Customers pages (issue 27, docs/customers.md): every buyer is an e-mail address compared
// case-insensitively (answered lower-cased), with their orders, licences, e-mails, timeline and a private note.

export const CUSTOMERS_PER_PAGE_DEFAULT = 25;
export const CUSTOMERS_PER_PAGE_MAX = 100;
export const CUSTOMER_NOTE_MAX = 5000;
export const CUSTOMER_NAME_MAX = 200;

export const CUSTOMER_SORTS = ['email', 'name', 'first_purchase_at', 'last_purchase_at', 'order_count', 'license_count', 'total_paid'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be 1 or more`);

export const customerListQuerySchema = z.object({
  page: whole('page').max(1_000_000, 'page must be at most 1000000').default(1),
  per_page: whole('per_page').max(CUSTOMERS_PER_PAGE_MAX, `per_page must be at most ${CUSTOMERS_PER_PAGE_MAX}`).default(CUSTOMERS_PER_PAGE_DEFAULT),
  /** Part of an e-mail address, name or licence key, or an order number (with or without #); case-insensitive. */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: `sort must be one of ${CUSTOMER_SORTS.join(', ')}` }).default('last_purchase_at'),
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).default('desc'),
  ...listCursorQuery,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  first_purchase_at: z.string().nullable(),
  last_purchase_at: z.string().nullable(),
  order_count: z.number().int(),
  license_count: z.number().int(),
  /** Minor units of the paid orders; `currency` is their currency ('' when none, comma-separated when several). */
  total_paid: z.number().int(),
  currency: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerListSchema = z.object({
  customers: z.array(customerSummarySchema),
  /** Customers matching the search, on all pages. */
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  ...listCursorAnswer,
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerIdParamsSchema = z.object({ id: idField('id') });

// --- the customer page ---

export const customerOrderSchema = z.object({
  id: z.number(),
  plugin_slug: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.string(),
  license_key: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerSiteSchema = z.object({
  id: z.number(),
  site_url: z.string(),
  is_local: z.boolean(),
  created_at: z.string(),
  last_checked_at: z.string().nullable(),
});

export const customerLicenseSchema = z.object({
  id: z.number(),
  key: z.string(),
  plugin_slug: z.string(),
  plan: z.enum(PLANS),
  /** The name of the price tier it was sold from (issue 26); null for a hand-made licence or one from before tiers. */
  tier: z.string().nullable(),
  status: z.enum(LICENCE_STATUSES),
  max_activations: z.number().int(),
  expires_at: z.string().nullable(),
  order_id: z.number().nullable(),
  created_at: z.string(),
  sites: z.array(customerSiteSchema),
});
export type CustomerLicense = z.infer<typeof customerLicenseSchema>;

export const customerEmailSchema = z.object({
  id: z.number(),
  kind: z.string(),
  subject: z.string(),
  status: z.string(),
  /** The text with sign-in and download tokens masked. */
  text: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type CustomerEmail = z.infer<typeof customerEmailSchema>;

export const customerEventSchema = z.object({
  id: z.number(),
  action_type: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type CustomerEvent = z.infer<typeof customerEventSchema>;

export const customerDetailSchema = customerSummarySchema.extend({
  note: z.string(),
  orders: z.array(customerOrderSchema),
  licenses: z.array(customerLicenseSchema),
  emails: z.array(customerEmailSchema),
  timeline: z.array(customerEventSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerUpdateSchema = z
  .object({
    name: z.string().trim().max(CUSTOMER_NAME_MAX, `name must be at most ${CUSTOMER_NAME_MAX} characters`).nullable(),
    note: z.string().max(CUSTOMER_NOTE_MAX, `note must be at most ${CUSTOMER_NOTE_MAX} characters`),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update: send name or note' });
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

// --- actions (each confirmed in the UI; each written with its activity entry in one transaction) ---

const targetEmail = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email({ message: 'email must be a valid e-mail address such as name@example.com' }));

/** POST /api/admin/customers/{id}/change-email and /merge: the other address. */
export const customerEmailChangeSchema = z.object({ email: targetEmail }).strict();
/** POST /api/admin/customers/{id}/licenses/{licenseId}/transfer: the new owner's address. */
export const licenseTransferSchema = z.object({ email: targetEmail }).strict();
/** POST /api/admin/customers/{id}/erase: what becomes of their licences. */
export const customerEraseSchema = z.object({ licenses: z.enum(['revoke', 'keep'], { error: 'licenses must be revoke or keep' }) }).strict();

export const customerLicenseParamsSchema = customerIdParamsSchema.extend({ licenseId: idField('licenseId') });

/** A 409 for an address already in use offers the merge: `details.merge_with` is that customer's id. */
export const customerActionResultSchema = z.object({ message: z.string(), customer_id: z.number().nullable() });
export type CustomerActionResult = z.infer<typeof customerActionResultSchema>;

/** GET /api/admin/customers/{id}/export: everything held about the customer. */
export const customerExportSchema = z.object({ exported_at: z.string(), customer: customerDetailSchema });
export type CustomerExport = z.infer<typeof customerExportSchema>;
