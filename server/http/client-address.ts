// The client's address, taken once when the request arrives (issue 37). Fastify's `request.ip` is a getter: it
// reads the socket's peer address and runs the TRUST_PROXY function over X-Forwarded-For on every read. Read
// after a client has reset its connection, the socket has no address any more, and a handler that runs after
// the answer (the request log) could throw and end the process. So the log controller, which sees every request
// first (server/http/request-log.ts, `incomingRequest`), stores the address on the request, and everything
// after reads `request.clientAddress`; `request.ip` is refused by the lint in server/.
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as TRUST_PROXY reads it, taken when the request arrived; `unknown` without one. */
    clientAddress: string;
  }
}

/** What a request whose peer address could not be read (its socket already gone) is counted and logged as. */
export const UNKNOWN_CLIENT = 'unknown';

/** Gives every request the field, so its shape is set once (buildApp calls it before any route). */
export function decorateClientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientAddress', UNKNOWN_CLIENT);
}

/** Reads the address now; never throws, whatever the socket's state or the forwarding headers. */
export function captureClientAddress(request: FastifyRequest): void {
  let address: string | undefined;
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one read, when the request arrives
    address = request.ip;
  } catch {
    address = request.raw.socket?.remoteAddress;
  }
  request.clientAddress = address || UNKNOWN_CLIENT;
}
