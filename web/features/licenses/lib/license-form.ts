import { DEFAULT_MAX_ACTIVATIONS, MAX_ACTIVATIONS_MAX, MAX_ACTIVATIONS_MIN } from '@common/licenses';

/** docs/product-spec.md section 5: a non-numeric entry falls back to 3; numbers are kept within 1–100. */
export function parseMaxActivations(input: string): number {
  const value = Number.parseInt(input, 10);
  if (Number.isNaN(value)) return DEFAULT_MAX_ACTIVATIONS;
  return Math.min(MAX_ACTIVATIONS_MAX, Math.max(MAX_ACTIVATIONS_MIN, value));
}

/** `2027-01-31` from an ISO date-time, for a date input; empty when never. */
export const toDateInput = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

/** An ISO date-time at the end of the chosen UTC day, or null when the field is empty (never expires). */
export const fromDateInput = (value: string): string | null => (value ? new Date(`${value}T23:59:59.000Z`).toISOString() : null);
