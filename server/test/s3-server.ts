import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

export interface TestS3Server {
  /** http://127.0.0.1:<port>, the S3_ENDPOINT to give the app. */
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point an app at this server (createTestApp({ env })). */
  env: Record<string, string>;
  /** Every key in the bucket, sorted (what the app stored, prefix included). */
  keys(): Promise<string[]>;
  /** Stops the server and removes its data folder. */
  close(): Promise<void>;
}

// s3rver checks request signatures against this fixed key pair.
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 with a random port, one empty bucket and a temp data
 * folder: tests talk to it with the same AWS SDK client production uses, not a mock.
 */
export async function startS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'pls-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only (http://127.0.0.1:port/bucket/key), like the client configured by S3_FORCE_PATH_STYLE.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const env: Record<string, string> = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  if (options.prefix) env.S3_PREFIX = options.prefix;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY } });
  return {
    endpoint,
    bucket,
    env,
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
