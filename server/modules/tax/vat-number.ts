import { checkVAT, countries } from 'jsvat';
import type { AppContext } from '../../kernel/context.js';
import { isEuCountry } from '../../../common/tax.js';
import { checkUkVatNumber } from './hmrc-vat.js';

// A buyer's VAT number (docs/tax.md "Businesses"): its format and check digits by `jsvat`, then, for an EU number,
// the EU's VIES service at VIES_URL (its REST API: POST /check-vat-number), a UK number with HMRC (hmrc-vat.ts; it
// takes part only where the vendor is registered in the UK). Other countries' numbers are checked for format only.
export type VatCheck =
  | { status: 'valid'; country: string; name: string | null }
  /** The format or check digits are wrong, or VIES says the number is not registered. */
  | { status: 'invalid'; country: string | null; reason: string }
  /** VIES could not answer (down, timeout, a member state's registry unavailable): VAT is charged (docs/tax.md). */
  | { status: 'unverified'; country: string; reason: string };

const VIES_TIMEOUT_MS = 5_000;

export async function checkVatNumber(ctx: AppContext, vatNumber: string): Promise<VatCheck> {
  const format = checkVAT(vatNumber, countries);
  const country = vatNumber.slice(0, 2) === 'EL' ? 'GR' : vatNumber.slice(0, 2);
  if (!format.isValid) return { status: 'invalid', country: null, reason: `${vatNumber} is not a valid VAT number: check its digits` };
  if (country === 'GB') {
    const hmrc = await checkUkVatNumber(ctx, vatNumber.slice(2));
    if (hmrc.status === 'valid') return { status: 'valid', country, name: hmrc.name };
    if (hmrc.status === 'invalid') return { status: 'invalid', country, reason: `HMRC reports ${vatNumber} as not registered for VAT` };
    return { status: 'unverified', country, reason: `HMRC could not check ${vatNumber} (${hmrc.why})` };
  }
  if (!isEuCountry(country)) return { status: 'valid', country, name: null };
  try {
    const response = await fetch(new URL('check-vat-number', ctx.config.VIES_URL.replace(/\/?$/, '/')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) }),
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as { valid?: unknown; name?: unknown; userError?: unknown } | null;
    if (!response.ok || typeof answer?.valid !== 'boolean') {
      const why = typeof answer?.userError === 'string' ? answer.userError : `HTTP ${response.status}`;
      return { status: 'unverified', country, reason: `VIES could not check ${vatNumber} (${why})` };
    }
    if (!answer.valid) return { status: 'invalid', country, reason: `VIES reports ${vatNumber} as not registered for VAT` };
    return { status: 'valid', country, name: typeof answer.name === 'string' && answer.name !== '---' ? answer.name : null };
  } catch (error) {
    ctx.log.warn({ err: error }, 'VIES unreachable');
    return { status: 'unverified', country, reason: `VIES could not be reached to check ${vatNumber}` };
  }
}
