import { z } from 'zod';
import { idField, MAX_ID } from './ids.js';
import { dayListSchema, greetingText } from './renewal-reminders.js';

// Automatic renewal (issue 26; docs/pricing.md "Automatic renewal"; decision 0013): when the saved card is charged,
// how failed charges are retried, and the wording of its e-mails are Settings; these are their defaults. The wording
// uses the reminders' placeholders (common/renewal-reminders.ts: {plugin}, {expires}, {renew_url}, {license_key},
// {days}).

/** The charge is made this many days before the expiry (0: on the day). */
export const DEFAULT_AUTO_RENEW_DAYS_BEFORE = 0;
export const MAX_AUTO_RENEW_DAYS_BEFORE = 30;
/** A failed charge is tried again this many days after the expiry, once each; after the last, automatic renewal is turned off. */
export const DEFAULT_AUTO_RENEW_RETRY_DAYS: readonly number[] = [1, 3, 7];
export const MAX_AUTO_RENEW_RETRIES = 6;
export const MAX_AUTO_RENEW_RETRY_DAY = 60;

export const DEFAULT_AUTO_RENEW_FAILED_SUBJECT = 'We could not renew your {plugin} licence';
export const DEFAULT_AUTO_RENEW_FAILED_BODY = greetingText(
  'Your {plugin} licence ({license_key}) is set to renew automatically, but the payment with your saved card did not go through.',
  'We will try again in a few days. To renew now, or with another card: {renew_url}',
);
export const DEFAULT_AUTO_RENEW_STOPPED_SUBJECT = 'Automatic renewal of your {plugin} licence is off';
export const DEFAULT_AUTO_RENEW_STOPPED_BODY = greetingText(
  'We tried several times to renew your {plugin} licence ({license_key}) with your saved card, and each payment failed, so automatic renewal is now turned off.',
  'The licence expired on {expires}. Renew it here to get updates again: {renew_url}',
);
/** What a reminder before the expiry says instead when the licence renews automatically. */
export const DEFAULT_AUTO_RENEW_REMINDER_SUBJECT = 'Your {plugin} licence renews automatically on {expires}';
export const DEFAULT_AUTO_RENEW_REMINDER_BODY = greetingText(
  'Your {plugin} licence ({license_key}) renews automatically on {expires}: your saved card will be charged for another term. There is nothing you need to do.',
  'To turn automatic renewal off, sign in to your account. To renew now instead: {renew_url}',
);

export const autoRenewDaysBeforeSchema = z
  .number({ error: 'must be a whole number of days' })
  .int('must be a whole number of days')
  .min(0, 'must be at least 0 (on the expiry day)')
  .max(MAX_AUTO_RENEW_DAYS_BEFORE, `must be at most ${MAX_AUTO_RENEW_DAYS_BEFORE}`);

export const autoRenewRetryDaysSchema = dayListSchema({
  min: 1,
  minNote: ' (a day after the expiry)',
  max: MAX_AUTO_RENEW_RETRY_DAY,
  maxNote: '',
  example: '[1, 3, 7]',
  most: MAX_AUTO_RENEW_RETRIES,
  noun: 'retries',
});

/** The account's switch (POST /api/account/licences/:id/auto-renew); the admin's (POST /api/admin/licenses/:id/auto-renewal) takes only false. */
export const autoRenewBodySchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) }).strict();

/** A licence's automatic renewal, as the account and the admin see it. */
export const autoRenewStateSchema = z.object({
  /** Whether the saved card is charged at expiry. */
  enabled: z.boolean(),
  /** Whether a card is saved for it (without one it cannot be turned on). */
  card_saved: z.boolean(),
  provider: z.string().nullable(),
  /** Charges that failed for the current term, and when the next is tried (null: none planned). */
  failed_attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type AutoRenewState = z.infer<typeof autoRenewStateSchema>;

export const AUTO_RENEW_OFF: AutoRenewState = {
  enabled: false,
  card_saved: false,
  provider: null,
  failed_attempts: 0,
  next_attempt_at: null,
  last_error: null,
};

/** The admin's licence list asks for this many licences' states at most in one request. */
export const MAX_AUTO_RENEWAL_IDS = 100;

const ID_LIST_EXAMPLE = 'licence ids separated by commas, such as ?ids=1,2,3';

/** GET /api/admin/licenses/auto-renewals?ids=1,2,3: 1 to MAX_AUTO_RENEWAL_IDS licence ids; a repeated one counts once. */
export const autoRenewalsQuerySchema = z.object({
  ids: z.string({ error: `ids is required: ${ID_LIST_EXAMPLE}` }).transform((text, ctx) => {
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: `ids is empty: ${ID_LIST_EXAMPLE}` });
      return z.NEVER;
    }
    if (parts.length > MAX_AUTO_RENEWAL_IDS) {
      ctx.addIssue({ code: 'custom', message: `ids lists ${parts.length} licence ids; at most ${MAX_AUTO_RENEWAL_IDS} at a time` });
      return z.NEVER;
    }
    const ids = new Set<number>();
    for (const part of parts) {
      const id = idField().safeParse(part);
      if (!/^\d+$/.test(part) || !id.success) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part.slice(0, 20)}" is not a licence id (a whole number from 1 to ${MAX_ID}); ids takes ${ID_LIST_EXAMPLE}`,
        });
        return z.NEVER;
      }
      ids.add(id.data);
    }
    return [...ids];
  }),
});

/** One licence's automatic renewal in the admin's batch answer. */
export const licenseAutoRenewalSchema = autoRenewStateSchema.extend({ license_id: z.number().int() });
export type LicenseAutoRenewal = z.infer<typeof licenseAutoRenewalSchema>;

/** The answer of GET /api/admin/licenses/auto-renewals: each asked licence that exists, by id; unknown ids are absent. */
export const autoRenewalsAnswerSchema = z.object({ auto_renewals: z.array(licenseAutoRenewalSchema) });
export type AutoRenewalsAnswer = z.infer<typeof autoRenewalsAnswerSchema>;

/** The admin's switch takes only `enabled: false`: turning it on charges the buyer's card, so only they can. */
export const ADMIN_AUTO_RENEW_ON_REFUSAL =
  'Only the buyer can turn automatic renewal on, from their account, since it charges their saved card. The admin can only turn it off.';
