// When a licence's reminder steps are due (docs/renewal-reminders.md, "When a step is due"). Pure: the worker
// turns each step into a range of expiry times and asks the database for the licences in it.
import { EXPIRED_STEP } from '../../../common/renewal-reminders.js';

export const DAY_MS = 86_400_000;
/**
 * A step missed (every instance down) is still sent this long after its time, unless the next step is due by
 * then: reminders go out late after an outage, never a stale one (a "30 days before" at 5 days before).
 */
export const REMINDER_CATCH_UP_MS = 3 * DAY_MS;
/** `license.expired` goes out up to this long after the expiry (an outage); licences that expired before that never send it. */
export const EXPIRED_EVENT_CATCH_UP_MS = 7 * DAY_MS;

export interface StepWindow {
  /** The claims table's name of the step: its day offset, or `expired`. */
  step: string;
  /** Day offset from the expiry (0 for `expired`). */
  offsetDays: number;
  /** Licences whose expiry is after this (exclusive)... */
  after: string;
  /** ...and at or before this are due for the step now. */
  upTo: string;
  /** Whether the step is an e-mail (reminders) or the webhook event. */
  kind: 'reminder' | 'expired';
}

/**
 * The expiry ranges whose licences are due now: step i (offset d_i days) is due from expiry + d_i until the next
 * step's time or REMINDER_CATCH_UP_MS later, whichever is first. The ranges of two steps never overlap, so a
 * licence is due for one step at a time. `days` must be sorted and unique (the Setting is stored so).
 */
export function dueWindows(days: readonly number[], now: Date): StepWindow[] {
  const at = now.getTime();
  const windows: StepWindow[] = days.map((offset, index) => {
    const next = days[index + 1];
    const lateBy = Math.min(next === undefined ? Infinity : (next - offset) * DAY_MS, REMINDER_CATCH_UP_MS);
    const upTo = at - offset * DAY_MS;
    return { step: String(offset), offsetDays: offset, after: iso(upTo - lateBy), upTo: iso(upTo), kind: 'reminder' };
  });
  windows.push({ step: EXPIRED_STEP, offsetDays: 0, after: iso(at - EXPIRED_EVENT_CATCH_UP_MS), upTo: iso(at), kind: 'expired' });
  return windows;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** When a step of a term falls. */
export const stepTime = (expiresAt: string, offsetDays: number): string => iso(new Date(expiresAt).getTime() + offsetDays * DAY_MS);
