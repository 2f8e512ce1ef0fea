import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { App } from '../kernel/context.js';

/** How long a client may take, in milliseconds. `buildApp({ timeouts })` shortens them for tests. */
export interface ServerTimeouts {
  /** Socket idle: nothing received or sent for this long closes the connection (a stalled body). */
  idle: number;
  /** All request headers must arrive within this (slowloris). */
  headers: number;
  /** A body that is not a multipart upload must arrive within this (a body dripped a byte at a time). */
  body: number;
  /** The whole request, an upload's body included. */
  request: number;
  /** An idle keep-alive connection is closed after this. */
  keepAlive: number;
  /** How often Node checks the headers and request deadlines (its default, 30 s, would overrun them). */
  check: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  // A client mid-request that sends nothing for 30 s has gone; answers stream continuously, so a download
  // being read is never idle.
  idle: 30_000,
  // Browsers and WordPress send the headers in one packet; 20 s allows a very slow mobile link.
  headers: 20_000,
  // JSON and form bodies are at most 1 MB (bodyLimit) and in practice under 10 kB: 30 s is 35 kB/s for 1 MB.
  body: 30_000,
  // A 50 MB release upload at 0.5 Mbit/s takes about 14 minutes; only a signed-in admin gets this long.
  request: 20 * 60_000,
  // Longer than the 60 s idle timeout of common proxies and load balancers, so they close first and never
  // send a request on a connection this server is closing (Fastify's default, kept on purpose).
  keepAlive: 72_000,
  check: 5_000,
};

/** The Fastify (and Node http.Server) options for these timeouts. */
export function serverTimeoutOptions(t: ServerTimeouts): { connectionTimeout: number; requestTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  return {
    connectionTimeout: t.idle,
    requestTimeout: t.request,
    keepAliveTimeout: t.keepAlive,
    http: { headersTimeout: t.headers, requestTimeout: t.request, connectionsCheckingInterval: t.check },
  };
}

const hasBody = (raw: IncomingMessage) =>
  raw.headers['content-length'] !== undefined ? raw.headers['content-length'] !== '0' : raw.headers['transfer-encoding'] !== undefined;
const isMultipart = (raw: IncomingMessage) => raw.headers['content-type']?.toLowerCase().startsWith('multipart/') === true;

/**
 * Node's request timeout is one value for the whole server and must fit an upload, so other bodies get their
 * own deadline. Requests with a body are noted as they arrive (a raw 'request' listener: no Fastify hook on
 * the routes, no timer per request; bench/input-guards.ts measured 0.17 µs, where a timer and two listeners
 * per request cost 2.7 µs, against about 70 µs of server CPU for a licence validation, bench/README.md), and
 * a sweep a few times per deadline closes those whose body is still arriving past it.
 * The note is kept per connection, not per request: the next request on a keep-alive connection replaces it,
 * so at most one finished request per open connection waits for the sweep. Kept per request, every answered
 * request stayed reachable until the next sweep (a second): at thousands a second they outlived the young
 * generation, and the garbage collector's copying and old-space collections doubled (bench/README.md, issue 30).
 * A multipart upload still being read while no answer was sent has passed the admin guard (a stranger's gets
 * its 401 first): it is bounded by the whole-request timeout instead.
 */
export function registerBodyDeadline(app: App, ms: number): void {
  const arrivals = new Map<Socket, { response: ServerResponse; arrivedAt: number }>();
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (hasBody(request)) arrivals.set(request.socket, { response, arrivedAt: Date.now() });
    else if (arrivals.size > 0) arrivals.delete(request.socket);
  });
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, { response, arrivedAt }] of arrivals) {
        const request = response.req;
        if (request.complete || request.destroyed) arrivals.delete(socket);
        else if (now - arrivedAt >= ms && !(isMultipart(request) && !response.headersSent)) {
          arrivals.delete(socket);
          app.log.info(`request body not received within ${ms} ms: connection closed`);
          request.destroy();
        }
      }
    },
    Math.max(10, Math.min(1_000, ms / 4)),
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
