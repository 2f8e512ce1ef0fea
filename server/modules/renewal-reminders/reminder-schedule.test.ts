import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_DAYS, fillReminderTemplate, reminderDaysSchema, unknownReminderPlaceholders } from '../../../common/renewal-reminders.js';
import { DAY_MS, dueWindows, REMINDER_CATCH_UP_MS } from './reminder-schedule.js';

const NOW = new Date('2027-03-01T12:00:00.000Z');
const ms = (iso: string) => new Date(iso).getTime();

describe('dueWindows', () => {
  it('gives each step the expiries whose step time has come, until the next step or the catch-up, whichever is first', () => {
    const windows = dueWindows(DEFAULT_REMINDER_DAYS, NOW);
    expect(windows.map((w) => w.step)).toEqual(['-30', '-7', '0', '7', 'expired']);
    const [before30, before7, onTheDay, after7, expired] = windows;
    // -30: due from 30 days before the expiry, for 3 days (the -7 step is 23 days later).
    expect(ms(before30!.upTo)).toBe(NOW.getTime() + 30 * DAY_MS);
    expect(ms(before30!.upTo) - ms(before30!.after)).toBe(REMINDER_CATCH_UP_MS);
    expect(ms(onTheDay!.upTo)).toBe(NOW.getTime());
    expect(ms(after7!.upTo)).toBe(NOW.getTime() - 7 * DAY_MS);
    expect(ms(before7!.upTo) - ms(before7!.after)).toBe(REMINDER_CATCH_UP_MS);
    expect(expired!.kind).toBe('expired');
    expect(expired!.upTo).toBe(NOW.toISOString());
  });

  it('never lets two steps overlap, even one day apart', () => {
    const windows = dueWindows([-2, -1, 0, 1], NOW).filter((w) => w.kind === 'reminder');
    expect(windows.map((w) => ms(w.upTo) - ms(w.after))).toEqual([DAY_MS, DAY_MS, DAY_MS, REMINDER_CATCH_UP_MS]);
    // Sorted by step time, each range starts where the next step's ends: disjoint.
    for (let i = 0; i + 1 < windows.length; i++) expect(windows[i + 1]!.upTo <= windows[i]!.after).toBe(true);
  });

  it('with no schedule only looks for expiries', () => {
    expect(dueWindows([], NOW).map((w) => w.step)).toEqual(['expired']);
  });
});

describe('reminder wording', () => {
  it('fills the known placeholders and names unknown ones', () => {
    const values = { plugin: 'Zones', expires: '1 March 2027', renew_url: 'https://shop.example/renew?key=K', license_key: 'K', days: '7' };
    expect(fillReminderTemplate('{plugin} expires {expires}: {renew_url} ({days} days, {other})', values)).toBe(
      'Zones expires 1 March 2027: https://shop.example/renew?key=K (7 days, {other})',
    );
    expect(unknownReminderPlaceholders('Hi {name}, {plugin} {name} {Plugin}')).toEqual(['name', 'Plugin']);
  });

  it('stores the schedule sorted, each day once', () => {
    expect(reminderDaysSchema.parse([7, -30, 0, -30])).toEqual([-30, 0, 7]);
    expect(reminderDaysSchema.safeParse([1.5]).success).toBe(false);
    expect(reminderDaysSchema.safeParse([366]).success).toBe(false);
  });
});
