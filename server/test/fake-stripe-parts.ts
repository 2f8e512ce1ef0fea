// Parts of the Stripe stand-in (fake-stripe-api.ts): its error answers, the Payments page's account and token
// checks, and Stripe Tax's calculations.
import type http from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * The keys the stand-in knows, and their account: the `_fake` keys are one account's (test and live), the `_other`
 * keys another's. Any other key is refused as Stripe refuses a wrong one.
 */
export const FAKE_STRIPE_KEYS: Record<string, string> = {
  sk_test_fake: 'acct_fake',
  pk_test_fake: 'acct_fake',
  sk_live_fake: 'acct_fake',
  pk_live_fake: 'acct_fake',
  sk_test_other: 'acct_other',
  pk_test_other: 'acct_other',
};

/** Stripe's answer to a request it refuses. */
export const invalid = (response: http.ServerResponse, status: number, message: string, code?: string) => {
  response.statusCode = status;
  response.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } }));
};

/**
 * The Payments page's Check (server/modules/payment-setup/stripe-check.ts): the account of a secret key, and a PII
 * token made with the publishable key, read back with the secret key only when both keys are one account's.
 */
export function answerAccountRequest(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  bearer: string,
  tokens: Map<string, { account: string; livemode: boolean }>,
): void {
  const account = FAKE_STRIPE_KEYS[bearer];
  if (!account) return invalid(response, 401, `Invalid API Key provided: ${bearer.slice(0, 8)}***`);
  const livemode = !bearer.includes('_test_');
  if (request.method === 'GET' && request.url === '/v1/account') {
    if (bearer.startsWith('pk_')) return invalid(response, 401, 'This API call cannot be made with a publishable API key.');
    response.end(JSON.stringify({ id: account, object: 'account', settings: { dashboard: { display_name: 'Fake Shop' } }, charges_enabled: true }));
    return;
  }
  if (request.method === 'POST' && request.url === '/v1/tokens') {
    const token = { id: `tok_${randomBytes(8).toString('hex')}`, object: 'token', type: 'pii', livemode, used: false };
    tokens.set(token.id, { account, livemode });
    response.end(JSON.stringify(token));
    return;
  }
  const tokenId = /^\/v1\/tokens\/([^/?]+)$/.exec(request.url ?? '')?.[1] ?? '';
  const token = tokens.get(tokenId);
  if (request.method === 'GET' && token && token.account === account && token.livemode === livemode) {
    response.end(JSON.stringify({ id: tokenId, object: 'token', type: 'pii', livemode, used: false }));
    return;
  }
  return invalid(response, 404, `No such token: '${tokenId}'`, 'resource_missing');
}

/** Stripe Tax's calculation of one line at the rate set for the buyer's country (inactive while no rate is set). */
export function answerTaxCalculation(
  response: http.ServerResponse,
  form: Record<string, string>,
  taxRates: Map<string, number>,
  taxCalculations: Array<Record<string, string> & { id: string }>,
): void {
  const percent = taxRates.get(form['customer_details[address][country]'] ?? '');
  if (taxRates.size === 0) return invalid(response, 400, 'Stripe Tax has not been activated on your account.', 'stripe_tax_inactive');
  const amount = Number(form['line_items[0][amount]']);
  const inclusive = form['line_items[0][tax_behavior]'] === 'inclusive';
  const rate = (percent ?? 0) / 100;
  const tax = inclusive ? amount - Math.round(amount / (1 + rate)) : Math.round(amount * rate);
  const id = `taxcalc_${randomBytes(8).toString('hex')}`;
  taxCalculations.push({ ...form, id });
  response.end(
    JSON.stringify({
      id,
      object: 'tax.calculation',
      amount_total: inclusive ? amount : amount + tax,
      currency: form.currency,
      tax_amount_exclusive: inclusive ? 0 : tax,
      tax_amount_inclusive: inclusive ? tax : 0,
      tax_breakdown: [
        { amount: tax, inclusive, tax_rate_details: { percentage_decimal: String(percent ?? 0), country: form['customer_details[address][country]'] } },
      ],
    }),
  );
  return;
}
