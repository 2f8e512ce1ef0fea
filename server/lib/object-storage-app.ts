import type { Config } from '../config.js';
import { DiskObjectStore, type ObjectStore } from './object-storage.js';
import { S3ObjectStore } from './object-storage-s3.js';

/**
 * The app's store (ctx.objects, made once in server/services.ts and closed with the app): one S3 client and
 * its connection pool per app, or the DATA_DIR folders.
 */
export function createObjectStore(config: Config): ObjectStore {
  return config.s3 ? new S3ObjectStore(config.s3) : new DiskObjectStore(config.dataDir);
}
