import { z } from 'zod';
import { idField } from './ids.js';
import { EMAIL_STATUSES } from './orders.js';
import { listCursorAnswer, listCursorQuery } from './list-cursor.js';

// The admin's Outbox page (beyond the specification; docs/checkout.md, "E-mail"): every e-mail the shop has sent or
// kept, a page at a time, with filters; a message's body with its sign-in and download tokens masked; and a resend.

export const OUTBOX_PER_PAGE_DEFAULT = 25;
export const OUTBOX_PER_PAGE_MAX = 100;

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be 1 or more`);

export const outboxListQuerySchema = z.object({
  page: whole('page').max(1_000_000, 'page must be at most 1000000').default(1),
  per_page: whole('per_page').max(OUTBOX_PER_PAGE_MAX, `per_page must be at most ${OUTBOX_PER_PAGE_MAX}`).default(OUTBOX_PER_PAGE_DEFAULT),
  /** An e-mail kind as stored (`licence`, `sign_in`, …). */
  kind: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,50}$/, 'kind must be an e-mail kind such as licence or sign_in')
    .optional(),
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` }).optional(),
  /** Part of the recipient's address; case-insensitive. */
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  ...listCursorQuery,
});
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;

/** One message without its body. `status` is whatever the row holds (EMAIL_STATUSES, or a state added later). */
export const outboxEntrySchema = z.object({
  id: z.number(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.string(),
  order_id: z.number().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxListSchema = z.object({
  emails: z.array(outboxEntrySchema),
  /** Messages matching the filters, on all pages. */
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
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

export const outboxIdParamsSchema = z.object({ id: idField('id') });
