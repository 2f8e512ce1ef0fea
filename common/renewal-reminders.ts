import { z } from 'zod';

// Renewal reminders (issue 26, docs/renewal-reminders.md): the schedule and the wording are Settings; these are
// their defaults, the placeholders the wording may use and the pure rule that fills them in.

/** Days from the expiry: 30 and 7 days before, on the day, 7 days after. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [-30, -7, 0, 7];
export const MAX_REMINDER_STEPS = 12;
export const MAX_REMINDER_OFFSET_DAYS = 365;

export const DEFAULT_REMINDER_SUBJECT = 'Your {plugin} licence expires on {expires}';
/** An e-mail's text from its paragraphs, after the greeting every one opens with. */
export const greetingText = (...paragraphs: string[]): string => ['Hello,', ...paragraphs].join('\n\n');

export const DEFAULT_REMINDER_BODY = greetingText(
  'Your {plugin} licence ({license_key}) expires on {expires}. After that day it gets no more updates.',
  'Renew it for another term here: {renew_url}',
  'Thank you for using {plugin}!',
);
export const DEFAULT_EXPIRED_REMINDER_SUBJECT = 'Your {plugin} licence expired on {expires}';
export const DEFAULT_EXPIRED_REMINDER_BODY = greetingText(
  'Your {plugin} licence ({license_key}) expired on {expires}, {days} days ago, and gets no more updates.',
  'Renew it to get them again: {renew_url}',
);

/** What the wording may say; anything else in braces is refused when the Settings are saved. */
export const REMINDER_PLACEHOLDERS = ['plugin', 'expires', 'renew_url', 'license_key', 'days'] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];

/** Fills `{name}` placeholders; an unknown one is left as written (the Settings refuse them anyway). */
export function fillReminderTemplate(template: string, values: Record<ReminderPlaceholder, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    (REMINDER_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as ReminderPlaceholder] : whole,
  );
}

/** The placeholders in `template` that are not REMINDER_PLACEHOLDERS. */
export function unknownReminderPlaceholders(template: string): string[] {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !(REMINDER_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** The schedule as stored: whole days from the expiry, each once, in time order. */
export const reminderDaysSchema = dayListSchema({
  min: -MAX_REMINDER_OFFSET_DAYS,
  minNote: ' (a year before the expiry)',
  max: MAX_REMINDER_OFFSET_DAYS,
  maxNote: ' (a year after the expiry)',
  example: '[-30, -7, 0, 7]',
  most: MAX_REMINDER_STEPS,
  noun: 'reminders',
});

/**
 * A schedule of whole days from the expiry, as the Settings store it: each entry from `min` to `max` (the notes
 * say what they mean), at most `most` entries, each once, in time order.
 */
export function dayListSchema(bounds: { min: number; minNote: string; max: number; maxNote: string; example: string; most: number; noun: string }) {
  const { min, minNote, max, maxNote, example, most, noun } = bounds;
  return z
    .array(
      z
        .number({ error: 'each entry must be a whole number of days' })
        .int('each entry must be a whole number of days')
        .min(min, `each entry must be at least ${min}${minNote}`)
        .max(max, `each entry must be at most ${max}${maxNote}`),
      { error: `must be a list of whole numbers of days such as ${example}` },
    )
    .max(most, `at most ${most} ${noun}`)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b));
}

const templateField = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const unknown = unknownReminderPlaceholders(value);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}: use ${REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
        });
      }
    });

export const reminderSubjectSchema = templateField(200);
export const reminderBodySchema = templateField(5000);

/** A step's name in the claims table: its day offset, or `expired` for the license.expired event. */
export const EXPIRED_STEP = 'expired';
