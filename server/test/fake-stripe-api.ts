import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeStripeApi {
  port: number;
  /** Form bodies of the PaymentIntent creations received, parsed. */
  created: Array<Record<string, string>>;
  close(): Promise<void>;
}

/** A local HTTP server standing in for Stripe's API: answers PaymentIntent creation as Stripe does. */
export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const created: Array<Record<string, string>> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
      if (request.method === 'POST' && request.url === '/v1/payment_intents') {
        if (request.headers.authorization !== 'Bearer sk_test_fake') {
          response.statusCode = 401;
          response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
          return;
        }
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        created.push(form);
        const id = `pi_${randomBytes(8).toString('hex')}`;
        response.end(
          JSON.stringify({
            id,
            object: 'payment_intent',
            amount: Number(form.amount),
            currency: form.currency,
            status: 'requires_payment_method',
            client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
            receipt_email: form.receipt_email,
            metadata: { plugin_slug: form['metadata[plugin_slug]'], customer_email: form['metadata[customer_email]'] },
          }),
        );
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
