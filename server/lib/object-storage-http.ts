import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { ByteRange, ObjectStore } from './object-storage.js';

/**
 * One range of `Range: bytes=...` (RFC 9110 §14.1.2) against an object of `size` bytes: the range, 'unsatisfiable'
 * (416), or null to answer the whole object (no header, another unit, several ranges or a malformed one:
 * ignoring it is what the RFC allows).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export interface SendObjectOptions {
  contentType: string;
  /** The object's size when the caller knows it (a release's file_size): saves a HEAD to the bucket for a Range. */
  size?: number;
  /** The 404 message when the object is missing from the store. */
  missing: string;
  /** Headers of a found object's answer only (a 404 must not be cached for a year, nor name a file). */
  headers?: Record<string, string>;
}

/**
 * Streams an object from the store into the answer, with Content-Length and Accept-Ranges, and one byte range
 * (206) when asked for one. The body is never held whole in memory; Fastify destroys it (closing the store's
 * stream or socket) when the client goes away.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  options: SendObjectOptions,
): Promise<FastifyReply> {
  let range: ByteRange | undefined;
  // With If-Range the client wants the range only if its copy is current; answering it whole is always right.
  if (request.headers.range !== undefined && request.headers['if-range'] === undefined) {
    const size = options.size ?? (await store.head(key))?.size;
    if (size === undefined) throw new AppError('NOT_FOUND', options.missing);
    const parsed = parseByteRange(request.headers.range, size);
    if (parsed === 'unsatisfiable') return reply.code(416).header('Content-Range', `bytes */${size}`).header('Accept-Ranges', 'bytes').send();
    range = parsed ?? undefined;
  }
  const object = await store.get(key, range);
  if (!object) throw new AppError('NOT_FOUND', options.missing);
  reply
    .headers(options.headers ?? {})
    .header('Content-Type', options.contentType)
    .header('Accept-Ranges', 'bytes')
    .header('Content-Length', String(object.length));
  if (object.etag) reply.header('ETag', object.etag);
  if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
  return reply.send(object.body);
}
