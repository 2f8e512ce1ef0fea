import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { isNulDatabaseError } from './nul-bytes.js';

// The error handler's backstop: errors that carry no HTTP status but were caused by the request, not by the
// server. A route added tomorrow that forgets a check still answers 400 for them, never 500.

/** busboy's parse failures (@fastify/busboy throws plain Errors with these texts, no status). */
const MULTIPART_PARSE_FAILURE = /^Multipart: |unexpected end of multipart data/i;

const isMultipartRequest = (request: FastifyRequest) => request.headers['content-type']?.toLowerCase().startsWith('multipart/') === true;

/** The 4xx a status-less error stands for, or undefined when it is the server's fault. */
export function clientErrorFor(error: unknown, request: FastifyRequest): AppError | undefined {
  if (isNulDatabaseError(error)) return new AppError('BAD_REQUEST', 'Text must not contain NUL characters (U+0000)');
  if (error instanceof Error && error.constructor === Error && isMultipartRequest(request) && MULTIPART_PARSE_FAILURE.test(error.message)) {
    return new AppError('BAD_REQUEST', `The multipart/form-data body is malformed (${error.message}): send it as a browser form would`);
  }
  return undefined;
}
