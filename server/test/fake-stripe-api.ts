import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { answerAccountRequest, answerTaxCalculation, FAKE_STRIPE_KEYS, invalid } from './fake-stripe-parts.js';

export { FAKE_STRIPE_KEYS } from './fake-stripe-parts.js';

export interface FakeStripeApi {
  port: number;
  /** Form bodies of the PaymentIntent creations received, parsed. */
  created: Array<Record<string, string>>;
  /** The PaymentIntents made, by id, as the API answers them; a test may change one's `status`. */
  intents: Map<string, Record<string, unknown> & { status: string }>;
  /** Ids of the PaymentIntents cancelled. */
  cancelled: string[];
  /** The Refunds made, as the API answers them, with the Idempotency-Key they were asked with. */
  refunds: Array<{ id: string; object: 'refund'; payment_intent: string; amount: number; currency: string; status: string; idempotency_key: string | null }>;
  /** Set to 'down' to answer every refund with a 500 (Stripe unreachable or failing). */
  refundFailure: 'down' | null;
  /** The Customers made (POST /v1/customers), by id. */
  customers: Map<string, { id: string; object: 'customer'; email: string }>;
  /** Confirmations received (POST /v1/payment_intents/:id/confirm), parsed, with their Idempotency-Key. */
  confirmations: Array<Record<string, string> & { id: string; idempotency_key: string }>;
  /**
   * The buyer pays a checkout intent in the browser: it succeeds with `paymentMethod` (attached to its Customer
   * when it was made with setup_future_usage). Stripe's test PaymentMethods decide later off-session charges:
   * `pm_card_visa` pays, `pm_card_chargeCustomerFail` is declined, `pm_card_authenticationRequired` needs authentication.
   */
  pay(intentId: string, paymentMethod?: string): void;
  /**
   * Stripe Tax (POST /v1/tax/calculations): the rate in percent by buyer country that this stand-in's Stripe Tax
   * applies; empty, Stripe Tax is off on the account (400 stripe_tax_inactive). The calculations made, parsed.
   */
  taxRates: Map<string, number>;
  taxCalculations: Array<Record<string, string> & { id: string }>;
  close(): Promise<void>;
}

/** A local HTTP server standing in for Stripe's API: creates, retrieves and cancels PaymentIntents as Stripe does. */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const created: Array<Record<string, string>> = [];
  const intents: FakeStripeApi['intents'] = new Map();
  const cancelled: string[] = [];
  const refunds: FakeStripeApi['refunds'] = [];
  const api = { refundFailure: null as FakeStripeApi['refundFailure'] };
  const customers: FakeStripeApi['customers'] = new Map();
  const confirmations: FakeStripeApi['confirmations'] = [];
  const tokens = new Map<string, { account: string; livemode: boolean }>();
  const taxRates: FakeStripeApi['taxRates'] = new Map();
  const taxCalculations: FakeStripeApi['taxCalculations'] = [];
  // Stripe answers a repeated Idempotency-Key with the first answer: status and body.
  const idempotent = new Map<string, { status: number; body: string }>();
  const cardError = (response: http.ServerResponse, intent: Record<string, unknown>, code: string, message: string) => {
    response.statusCode = 402;
    const body = JSON.stringify({ error: { type: 'card_error', code, message, payment_intent: intent } });
    response.end(body);
    return body;
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
      // The Payments page's Check (server/modules/payment-setup/stripe-check.ts): the account of a secret key, and a PII
      // token made with the publishable key, read back with the secret key only when both keys are one account's.
      const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const account = FAKE_STRIPE_KEYS[bearer];
      if (request.url === '/v1/account' || request.url?.startsWith('/v1/tokens')) return answerAccountRequest(request, response, bearer, tokens);
      if (
        (request.url?.startsWith('/v1/payment_intents') ||
          request.url?.startsWith('/v1/refunds') ||
          request.url?.startsWith('/v1/customers') ||
          request.url?.startsWith('/v1/payment_methods') ||
          request.url?.startsWith('/v1/tax')) &&
        !(bearer.startsWith('sk_') && account)
      ) {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      const repeated = key !== null && request.method === 'POST' ? idempotent.get(`${request.url ?? ''} ${key}`) : undefined;
      if (repeated) {
        response.statusCode = repeated.status;
        response.end(repeated.body);
        return;
      }
      const remember = (body: string) => {
        if (key !== null) idempotent.set(`${request.url ?? ''} ${key}`, { status: response.statusCode, body });
      };
      if (request.url?.startsWith('/v1/customers')) {
        if (request.method === 'GET') {
          const email = new URL(request.url, 'http://stripe.test').searchParams.get('email');
          const data = [...customers.values()].filter((customer) => email === null || customer.email === email);
          response.end(JSON.stringify({ object: 'list', url: '/v1/customers', has_more: false, data: data.slice(0, 1) }));
          return;
        }
        if (request.method === 'POST' && request.url === '/v1/customers') {
          const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
          const customer = { id: `cus_${randomBytes(7).toString('hex')}`, object: 'customer' as const, email: form.email ?? '' };
          customers.set(customer.id, customer);
          const body = JSON.stringify(customer);
          remember(body);
          response.end(body);
          return;
        }
      }
      // A test PaymentMethod's card and the country that issued it (`pm_card_de`, `pm_card_fr`, `pm_card_gb`; US otherwise).
      const paymentMethod = /^\/v1\/payment_methods\/([^/?]+)$/.exec(request.url ?? '')?.[1];
      if (request.method === 'GET' && paymentMethod) {
        const country = /^pm_card_([a-z]{2})$/.exec(paymentMethod)?.[1]?.toUpperCase() ?? 'US';
        response.end(JSON.stringify({ id: paymentMethod, object: 'payment_method', type: 'card', card: { brand: 'visa', country, last4: '4242' } }));
        return;
      }
      const confirm = /^\/v1\/payment_intents\/([^/?]+)\/confirm$/.exec(request.url ?? '');
      if (request.method === 'POST' && confirm) {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const intent = intents.get(confirm[1] ?? '');
        if (!intent) return invalid(response, 404, `No such payment_intent: '${confirm[1]}'`, 'resource_missing');
        confirmations.push({ ...form, id: intent.id as string, idempotency_key: key ?? '' });
        const method = form.payment_method ?? (intent.payment_method as string | undefined);
        if (intent.status === 'succeeded') {
          return invalid(
            response,
            400,
            `You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.`,
            'payment_intent_unexpected_state',
          );
        }
        if (intent.customer && !customers.has(intent.customer as string)) return invalid(response, 400, `No such customer: '${intent.customer as string}'`);
        intent.payment_method = method;
        if (method === 'pm_card_chargeCustomerFail') {
          intent.status = 'requires_payment_method';
          return remember(cardError(response, intent, 'card_declined', 'Your card was declined.'));
        }
        if (method === 'pm_card_authenticationRequired' && form.off_session === 'true') {
          intent.status = 'requires_payment_method';
          return remember(cardError(response, intent, 'authentication_required', 'Your card was declined. This transaction requires authentication.'));
        }
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        const body = JSON.stringify(intent);
        remember(body);
        response.end(body);
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/tax/calculations') {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        return answerTaxCalculation(response, form, taxRates, taxCalculations);
      }
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        created.push(form);
        if (form.customer && !customers.has(form.customer)) return invalid(response, 400, `No such customer: '${form.customer}'`, 'resource_missing');
        const id = `pi_${randomBytes(8).toString('hex')}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          receipt_email: form.receipt_email,
          customer: form.customer ?? null,
          setup_future_usage: form.setup_future_usage ?? null,
          payment_method: form.payment_method ?? null,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([name]) => name.startsWith('metadata['))
              .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
          ),
        };
        if (form.payment_method) intent.status = 'requires_confirmation';
        intents.set(id, intent);
        const body = JSON.stringify(intent);
        remember(body);
        response.end(body);
        return;
      }
      // Refunds as Stripe makes them: of a succeeded PaymentIntent, never more than it took in all, the same Refund
      // again for a repeated Idempotency-Key.
      if (request.method === 'POST' && request.url === '/v1/refunds') {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const again = key === null ? undefined : refunds.find((refund) => refund.idempotency_key === key);
        if (again) {
          response.end(JSON.stringify(again));
          return;
        }
        if (api.refundFailure === 'down') {
          response.statusCode = 500;
          response.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
          return;
        }
        const paid = intents.get(form.payment_intent ?? '');
        if (!paid) return invalid(response, 404, `No such payment_intent: '${form.payment_intent}'`, 'resource_missing');
        if (paid.status !== 'succeeded')
          return invalid(response, 400, `This PaymentIntent (${paid.id as string}) does not have a successful charge to refund.`);
        const taken = paid.amount as number;
        const refunded = refunds.filter((refund) => refund.payment_intent === paid.id).reduce((sum, refund) => sum + refund.amount, 0);
        const amount = form.amount === undefined ? taken - refunded : Number(form.amount);
        if (refunded >= taken) return invalid(response, 400, `Charge ch_${(paid.id as string).slice(3)} has already been refunded.`, 'charge_already_refunded');
        if (amount > taken - refunded)
          return invalid(response, 400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${taken - refunded})`, 'amount_too_large');
        const refund = {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund' as const,
          payment_intent: paid.id as string,
          amount,
          currency: paid.currency as string,
          status: 'succeeded',
          idempotency_key: key,
        };
        refunds.push(refund);
        response.end(JSON.stringify(refund));
        return;
      }
      const [, id, action] = /^\/v1\/payment_intents\/([^/?]+)(\/cancel)?/.exec(request.url ?? '') ?? [];
      const intent = id ? intents.get(id) : undefined;
      if (id && !intent) {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${id}'` } }));
        return;
      }
      if (intent && request.method === 'GET' && !action) {
        response.end(JSON.stringify(intent));
        return;
      }
      if (intent && request.method === 'POST' && action) {
        intent.status = 'canceled';
        cancelled.push(intent.id as string);
        response.end(JSON.stringify(intent));
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.url})` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    created,
    intents,
    cancelled,
    refunds,
    customers,
    confirmations,
    taxRates,
    taxCalculations,
    pay(intentId: string, paymentMethod = 'pm_card_visa') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'succeeded';
      intent.payment_method = paymentMethod;
      intent.amount_received = intent.amount;
    },
    get refundFailure() {
      return api.refundFailure;
    },
    set refundFailure(value) {
      api.refundFailure = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
