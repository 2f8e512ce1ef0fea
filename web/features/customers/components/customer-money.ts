import { formatMoney } from '@common/pricing';

/** A customer's total paid: in their one currency, or in minor units when they paid in several (or none yet). */
export const formatTotalPaid = (minor: number, currency: string): string => {
  if (currency && !currency.includes(',')) return formatMoney(minor, currency);
  if (minor === 0) return '—';
  return `${(minor / 100).toFixed(2)} (${currency.replaceAll(',', ', ')})`;
};
