import type { AppContext } from '../../kernel/context.js';

// A UK VAT number checked with HMRC's "Check a UK VAT number" API v2 (docs/tax.md "Businesses"):
// GET {HMRC_VAT_URL}/organisations/vat/check-vat-number/lookup/{vrn}, with an application token from
// {HMRC_VAT_URL}/oauth/token (client credentials HMRC_CLIENT_ID / HMRC_CLIENT_SECRET). 200: registered; 404: not;
// anything else, a timeout or no credentials: HMRC could not say, and the safe outcome applies (VAT is charged).
export type HmrcAnswer = { status: 'valid'; name: string | null } | { status: 'invalid' } | { status: 'unverified'; why: string };

const HMRC_TIMEOUT_MS = 5_000;

async function applicationToken(ctx: AppContext, base: string): Promise<string | null> {
  const { HMRC_CLIENT_ID: clientId, HMRC_CLIENT_SECRET: clientSecret } = ctx.config;
  if (!clientId || !clientSecret) return null;
  const response = await fetch(new URL('oauth/token', base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
    signal: AbortSignal.timeout(HMRC_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
  return response.ok && typeof answer?.access_token === 'string' ? answer.access_token : null;
}

/** `vrn` is the number without its GB prefix (9 or 12 digits). */
export async function checkUkVatNumber(ctx: AppContext, vrn: string): Promise<HmrcAnswer> {
  const base = ctx.config.HMRC_VAT_URL.replace(/\/?$/, '/');
  try {
    const token = await applicationToken(ctx, base);
    const response = await fetch(new URL(`organisations/vat/check-vat-number/lookup/${encodeURIComponent(vrn)}`, base), {
      headers: { accept: 'application/vnd.hmrc.2.0+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal: AbortSignal.timeout(HMRC_TIMEOUT_MS),
    });
    if (response.status === 404) return { status: 'invalid' };
    const answer = (await response.json().catch(() => null)) as { target?: { name?: unknown } } | null;
    if (!response.ok || !answer?.target) return { status: 'unverified', why: `HTTP ${response.status}` };
    return { status: 'valid', name: typeof answer.target.name === 'string' ? answer.target.name : null };
  } catch (error) {
    ctx.log.warn({ err: error }, 'HMRC VAT check unreachable');
    return { status: 'unverified', why: 'unreachable' };
  }
}
