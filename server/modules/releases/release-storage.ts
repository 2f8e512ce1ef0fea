import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { collectYoungGarbage } from '../../lib/young-gc.js';

/** Release zips live here under generated names; no path from a request ever reaches the file system. */
export const releasesDir = (dataDir: string): string => path.join(dataDir, 'releases');

export class FileTooLargeError extends Error {}

/** How many bytes pass between two young-generation collections (see young-gc.ts). */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

export interface StoredUpload {
  file: string;
  size: number;
  digest: Buffer; // raw SHA-384
}

/**
 * Streams an upload to a temporary file while hashing it, never holding it whole in memory. Stops at
 * `maxBytes` (FileTooLargeError) and removes the partial file on any failure.
 */
export async function storeUpload(source: Readable & { truncated?: boolean }, dir: string, maxBytes: number): Promise<StoredUpload> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `.upload-${randomBytes(12).toString('hex')}.part`);
  const hash = createHash('sha384');
  let size = 0;
  let sinceCollect = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError());
      hash.update(chunk);
      sinceCollect += chunk.length;
      if (sinceCollect >= COLLECT_EVERY_BYTES) {
        sinceCollect = 0;
        collectYoungGarbage();
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(file, { flags: 'wx' }));
    // @fastify/multipart marks a stream it cut at its own limit as truncated.
    if (source.truncated) throw new FileTooLargeError();
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    const code = (error as { code?: string }).code;
    if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLargeError();
    throw error;
  }
  return { file, size, digest: hash.digest() };
}

/** Drains what is left of a request stream so the client gets its answer instead of a reset. */
export async function discard(source: Readable): Promise<void> {
  source.resume();
  await new Promise<void>((resolve) => {
    source.once('end', resolve);
    source.once('close', resolve);
    source.once('error', () => resolve());
  });
}

/** Removes partial uploads left by a process killed mid-upload (older than `olderThanMs`, so live ones stay). */
export function removeStalePartials(dir: string, olderThanMs = 60 * 60 * 1000, now = Date.now()): number {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith('.upload-') || !name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    if (now - fs.statSync(file).mtimeMs > olderThanMs) {
      fs.rmSync(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
