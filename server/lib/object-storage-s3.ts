import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline, Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { collectYoungGarbage } from './young-gc.js';
import { assertObjectKey, type ByteRange, type ObjectStore, type StoredObject } from './object-storage.js';

// A finished local file (a checked release, an encoded image) goes up in one PUT streamed from the disk with its
// length: nothing of it is held in memory (a 50 MB release raised the server's RSS by about 7 MB, as on disk,
// against 57 MB through lib-storage's buffered parts). One PUT takes up to 5 GiB; the largest release is 2 GiB.
const SINGLE_PUT_MAX_BYTES = 5 * 1024 ** 3;
// A stream of unknown length goes up in multipart parts of 8 MB, two in flight (S3's minimum part is 5 MB;
// 10,000 parts of 8 MB allow 80 GB).
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
// Every download streams through one socket to the bucket for its whole length; the SDK's default pool of
// 50 sockets would queue the 51st concurrent download.
const MAX_SOCKETS = 256;

/** How many bytes of a file go up between two young-generation collections (see young-gc.ts). */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

/**
 * The file as a stream that runs a young-generation collection every 4 MB: without it the spent 64 KB read
 * buffers of a 45 MB release piled up to a 28 MB rise of resident memory before V8 collected them.
 */
function fileStream(file: string): Readable {
  let sinceCollect = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sinceCollect += chunk.length;
      if (sinceCollect >= COLLECT_EVERY_BYTES) {
        sinceCollect = 0;
        collectYoungGarbage();
      }
      callback(null, chunk);
    },
  });
  // An error on either side destroys both; the SDK sees it as the body's error.
  return pipeline(fs.createReadStream(file), meter, () => undefined);
}

const isNotFound = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2, ...) through the AWS SDK v3. */
/** The bucket settings (server/config.ts reads them from S3_* variables). */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** '' or ending in '/': 'shop/' stores 'shop/releases/x.zip'. */
  prefix: string;
}

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API requires them: the SDK's behaviour before 3.729. Since then it adds
      // CRC32 checksums (and aws-chunked bodies) to every upload, which several S3-compatible stores refuse
      // or store wrongly; AWS and R2 accept both ways. The zip's own SHA-384 is checked and signed anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // A bucket that does not answer fails the request in seconds instead of hanging the upload or download.
        connectionTimeout: 5_000,
        requestTimeout: 60_000,
        httpAgent: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
        httpsAgent: new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
      },
    });
  }

  private key(key: string): string {
    assertObjectKey(key);
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.key(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      // A failed multipart upload is aborted, so no orphaned parts are billed.
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await fs.promises.stat(file);
    if (size > SINGLE_PUT_MAX_BYTES) await this.put(key, fileStream(file), contentType);
    else {
      const body = fileStream(file);
      try {
        await this.client.send(
          new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Body: body, ContentLength: size, ContentType: contentType }),
        );
      } finally {
        body.destroy();
      }
    }
    await fs.promises.rm(file, { force: true });
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('The S3 client answered a body that is not a Node stream');
      const length = answer.ContentLength ?? 0;
      // "bytes 0-99/1234": the whole size follows the slash.
      const size = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1] ?? length) : length;
      return { body, size, length, etag: answer.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
