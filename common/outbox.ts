import { z } from 'zod';
import { idParamsSchema } from './ids.js';
import { EMAIL_STATUSES, outboxEmailSchema } from './orders.js';
import { pagedListSchema, pagingQueryFields, searchQueryField } from './schema-fields.js';
import { listCursorAnswer, listCursorQuery } from './list-cursor.js';

// The admin's Outbox page (beyond the specification; docs/checkout.md, "E-mail"): every e-mail the shop has sent or
// kept, a page at a time, with filters; a message's body with its sign-in and download tokens masked; and a resend.

export const OUTBOX_PER_PAGE_DEFAULT = 25;
export const OUTBOX_PER_PAGE_MAX = 100;

export const outboxListQuerySchema = z.object({
  ...pagingQueryFields(OUTBOX_PER_PAGE_MAX, OUTBOX_PER_PAGE_DEFAULT),
  /** An e-mail kind as stored (`licence`, `sign_in`, …). */
  kind: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,50}$/, 'kind must be an e-mail kind such as licence or sign_in')
    .optional(),
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` }).optional(),
  /** Part of the recipient's address; case-insensitive. */
  search: searchQueryField(),
  ...listCursorQuery,
});
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;

/** One message without its body. `status` is whatever the row holds (EMAIL_STATUSES, or a state added later). */
export const outboxEntrySchema = outboxEmailSchema.omit({ text: true, html: true, status: true }).extend({
  kind: z.string(),
  status: z.string(),
  updated_at: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** `total`: messages matching the filters, on all pages. */
export const outboxListSchema = pagedListSchema('emails', outboxEntrySchema).extend({
  /** Every kind the outbox holds, for the kind filter. */
  kinds: z.array(z.string()),
  ...listCursorAnswer,
});
export type OutboxList = z.infer<typeof outboxListSchema>;

/** A message with its body; sign-in and download tokens are masked (the resend sends the original). */
export const outboxMessageSchema = outboxEntrySchema.extend({
  text: z.string(),
  html: z.string(),
  /** Live payments: sign-in and download links masked; test payments: shown in full (docs/payment-setup.md). */
  links_masked: z.boolean(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxIdParamsSchema = idParamsSchema;
