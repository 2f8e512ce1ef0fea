import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('formats UK style in UTC, whatever the time of day', () => {
    expect(formatDate('2026-11-23T23:59:00.000Z')).toBe('23 November 2026');
    expect(formatDate('2026-01-05T00:00:00.000Z')).toBe('5 January 2026');
    expect(formatDateTime('2026-11-23T09:05:00.000Z')).toBe('23 November 2026, 09:05 UTC');
  });
});
