import { z } from 'zod';
import type { App } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { imageKey, type ObjectStore } from '../../lib/object-storage.js';
import { sendStoredObject } from '../../lib/object-storage-http.js';
import { IMAGE_CONTENT_TYPES, MEDIA_PREFIX } from './images.storage.js';

// Only names the upload generates: an original (<32 hex>.jpg|png|webp) or a variant (<32 hex>-<width>w.webp).
const MEDIA_FILE = /^[0-9a-f]{32}(?:-\d{1,5}w\.webp|\.(jpg|png|webp))$/;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * /media/images/<file> when the images live in a bucket: streamed from it with the headers @fastify/static
 * gives the disk files (cached for a year, never sniffed, never run), and one byte range when asked.
 */
export function registerBucketMedia(app: App, store: ObjectStore): void {
  const missing = 'No such image';
  app.get(`${MEDIA_PREFIX}:file`, { schema: { params: z.object({ file: z.string().min(1).max(200) }) } }, async (request, reply) => {
    const match = MEDIA_FILE.exec(request.params.file);
    if (!match) throw new AppError('NOT_FOUND', missing);
    const ext = (match[1] ?? 'webp') as keyof typeof IMAGE_CONTENT_TYPES;
    reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'; sandbox");
    return sendStoredObject(request, reply, store, imageKey(request.params.file), {
      contentType: IMAGE_CONTENT_TYPES[ext],
      missing,
      headers: { 'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable` },
    });
  });
}
