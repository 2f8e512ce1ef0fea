import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeStripeApi {
  port: number;
  /** Form bodies of the PaymentIntent creations received, parsed. */
  created: Array<Record<string, string>>;
  /** The PaymentIntents made, by id, as the API answers them; a test may change one's `status`. */
  intents: Map<string, Record<string, unknown> & { status: string }>;
  /** Ids of the PaymentIntents cancelled. */
  cancelled: string[];
  close(): Promise<void>;
}

/** A local HTTP server standing in for Stripe's API: creates, retrieves and cancels PaymentIntents as Stripe does. */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const created: Array<Record<string, string>> = [];
  const intents: FakeStripeApi['intents'] = new Map();
  const cancelled: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
      if (request.url?.startsWith('/v1/payment_intents') && request.headers.authorization !== 'Bearer sk_test_fake') {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        created.push(form);
        const id = `pi_${randomBytes(8).toString('hex')}`;
        const intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          receipt_email: form.receipt_email,
          metadata: { plugin_slug: form['metadata[plugin_slug]'], customer_email: form['metadata[customer_email]'] },
        };
        intents.set(id, intent);
        response.end(JSON.stringify(intent));
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
