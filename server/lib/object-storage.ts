import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.js';

// Release zips and images live in one object store per app (docs/object-storage.md): DATA_DIR on this
// machine, or an S3-compatible bucket when S3_BUCKET is set, so that several instances share the files.
// Keys are 'releases/<zip_path>' and 'images/<file>': the same relative paths as under DATA_DIR, so the
// database stores names only and nothing in it changes with the store.

/** Inclusive byte positions, as in an HTTP Range header; the caller has checked them against the size. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's size. */
  size: number;
  /** The bytes `body` carries: the range's length, or `size`. */
  length: number;
  etag?: string;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Streams `body` into `key` (replacing it); nothing is visible under `key` until it is complete. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Moves a finished local file into the store: renamed on disk, streamed up (then removed) for S3. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object (or the range of it) as a stream; null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (S3); the store is not used afterwards. */
  close(): void;
}

// Keys are built from generated names only, never from a request; this is the backstop that keeps a key
// inside DATA_DIR (or the prefix): segments start with a letter or digit, so '.' and '..' never pass.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]*(\/[A-Za-z0-9][A-Za-z0-9._+-]*)*$/;

export function assertObjectKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 1000) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}

export const releaseKey = (zipPath: string): string => `releases/${zipPath}`;

/**
 * Whether `name` can be a release's `zip_path`: one file name directly in the release store (DATA_DIR/releases or
 * the bucket's releases/ prefix), as uploads generate. An imported row is checked with it (issue 37), so no
 * `../` or absolute path ever reaches the store.
 */
export const isReleaseFileName = (name: string): boolean => name.length <= 300 && KEY_PATTERN.test(name) && !name.includes('/');
export const imageKey = (file: string): string => `images/${file}`;

/** The files under DATA_DIR, as before object storage existed: folders 0700, files 0600. */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk' as const;

  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertObjectKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private async parentOf(key: string): Promise<string> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    return target;
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    const target = await this.parentOf(key);
    const partial = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(body, fs.createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const target = await this.parentOf(key);
    try {
      await fs.promises.rename(file, target);
    } catch (error) {
      // A temp folder on another file system (EXDEV): copy the bytes instead.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await this.put(key, fs.createReadStream(file), contentType);
      await fs.promises.rm(file, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.file(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it at its end or when destroyed.
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, size, length: range ? range.end - range.start + 1 : size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const { size } = await fs.promises.stat(this.file(key));
      return { size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  close(): void {}
}
