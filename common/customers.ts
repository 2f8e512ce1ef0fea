import { z } from 'zod';
import { idField, idParamsSchema } from './ids.js';
import { activationSchema, activitySchema, licenseSchema } from './licenses.js';
import { orderSchema } from './orders.js';
import { outboxEntrySchema } from './outbox.js';
import { directionQueryField, pagedListSchema, pagingQueryFields, searchQueryField, sortQueryField } from './schema-fields.js';
import { listCursorAnswer, listCursorQuery } from './list-cursor.js';

// The admin's Customers pages (issue 27, docs/customers.md): every buyer is an e-mail address compared
// case-insensitively (answered lower-cased), with their orders, licences, e-mails, timeline and a private note.

export const CUSTOMERS_PER_PAGE_DEFAULT = 25;
export const CUSTOMERS_PER_PAGE_MAX = 100;
export const CUSTOMER_NOTE_MAX = 5000;
export const CUSTOMER_NAME_MAX = 200;

export const CUSTOMER_SORTS = ['email', 'name', 'first_purchase_at', 'last_purchase_at', 'order_count', 'license_count', 'total_paid'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customerListQuerySchema = z.object({
  ...pagingQueryFields(CUSTOMERS_PER_PAGE_MAX, CUSTOMERS_PER_PAGE_DEFAULT),
  /** Part of an e-mail address, name or licence key, or an order number (with or without #); case-insensitive. */
  search: searchQueryField(),
  sort: sortQueryField(CUSTOMER_SORTS, 'last_purchase_at'),
  direction: directionQueryField(),
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

/** `total`: customers matching the search, on all pages. */
export const customerListSchema = pagedListSchema('customers', customerSummarySchema).extend(listCursorAnswer);
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerIdParamsSchema = idParamsSchema;

// --- the customer page ---

export const customerOrderSchema = orderSchema.pick({
  id: true,
  plugin_slug: true,
  amount: true,
  currency: true,
  status: true,
  provider: true,
  license_key: true,
  created_at: true,
  paid_at: true,
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerSiteSchema = activationSchema.omit({ environment: true });

export const customerLicenseSchema = licenseSchema
  .pick({ id: true, key: true, plugin_slug: true, plan: true, status: true, expires_at: true, created_at: true })
  .extend({
    /** The name of the price tier it was sold from (issue 26); null for a hand-made licence or one from before tiers. */
    tier: z.string().nullable(),
    max_activations: z.number().int(),
    order_id: z.number().nullable(),
    sites: z.array(customerSiteSchema),
  });
export type CustomerLicense = z.infer<typeof customerLicenseSchema>;

export const customerEmailSchema = outboxEntrySchema.pick({ id: true, kind: true, subject: true, status: true, created_at: true, sent_at: true }).extend({
  /** The text with sign-in and download tokens masked. */
  text: z.string(),
});
export type CustomerEmail = z.infer<typeof customerEmailSchema>;

/** An entry of the customer's timeline: an activity of theirs. */
export const customerEventSchema = activitySchema;
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
