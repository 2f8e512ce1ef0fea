// A real HTTP receiver on 127.0.0.1 for the webhook tests: records every request and answers what the test says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: (path?: string) => string;
  requests: ReceivedRequest[];
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight: () => number;
  maxInFlight: () => number;
  /** The status for the next requests (default 200); `hang` holds each answer until release() or close(). */
  respond: (how: number | 'hang') => void;
  release: () => void;
  waitFor: (count: number, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let how: number | 'hang' = 200;
  let inFlight = 0;
  let maxInFlight = 0;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (how === 'hang') {
        held.push(response);
        return;
      }
      response.writeHead(how, { 'content-type': 'text/plain' }).end(how < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const release = () => {
    for (const response of held.splice(0)) response.writeHead(200).end('ok');
  };
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    respond: (next) => {
      how = next;
    },
    release,
    waitFor: async (count, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${requests.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      for (const response of held.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The verification docs/webhooks.md documents, written out independently of the server's signer. */
export function verifySignature(secret: string, request: ReceivedRequest, nowSeconds = Math.floor(Date.now() / 1000), windowSeconds = 300): boolean {
  const timestamp = Number(request.headers['x-webhook-timestamp']);
  const header = String(request.headers['x-signature'] ?? '');
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > windowSeconds) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

/** Polls `check` until it holds (or throws after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
