import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { DiskObjectStore, type ObjectStore } from './object-storage.js';
import { S3ObjectStore } from './object-storage-s3.js';
import { parseByteRange } from './object-storage-http.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('S3 configuration', () => {
  const base = { DATA_DIR: '/tmp/pls-config-test' };
  const credentials = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps files in DATA_DIR without S3_BUCKET', () => {
    expect(loadConfig(base).s3).toBeNull();
  });

  it('refuses to start with S3_BUCKET but no access key, naming both variables', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'releases', S3_ACCESS_KEY_ID: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'releases' })).toThrow(/S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required/);
  });

  it('refuses S3 settings without S3_BUCKET, so a typo never leaves files on one machine unnoticed', () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'https://s3.example.com', ...credentials })).toThrow(
      /S3_BUCKET: must be set when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are/,
    );
  });

  it('refuses a malformed bucket, endpoint, path-style flag or prefix', () => {
    expect(() => loadConfig({ ...base, ...credentials, S3_BUCKET: 'My_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...base, ...credentials, S3_BUCKET: 'releases', S3_ENDPOINT: 'ftp://files.example.com' })).toThrow(
      /S3_ENDPOINT: must be an http/,
    );
    expect(() => loadConfig({ ...base, ...credentials, S3_BUCKET: 'releases', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...base, ...credentials, S3_BUCKET: 'releases', S3_PREFIX: 'a b' })).toThrow(/S3_PREFIX/);
  });

  it('defaults for AWS (us-east-1, virtual-hosted) and for another endpoint (auto, path-style); the prefix ends in one slash', () => {
    expect(loadConfig({ ...base, ...credentials, S3_BUCKET: 'releases' }).s3).toEqual({
      bucket: 'releases',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: '',
    });
    expect(
      loadConfig({ ...base, ...credentials, S3_BUCKET: 'releases', S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com', S3_PREFIX: '/shop/' }).s3,
    ).toMatchObject({
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      region: 'auto',
      forcePathStyle: true,
      prefix: 'shop/',
    });
    expect(
      loadConfig({ ...base, ...credentials, S3_BUCKET: 'releases', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'false' })
        .s3,
    ).toMatchObject({
      region: 'eu-west-2',
      forcePathStyle: false,
    });
  });
});

describe('Range header', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=500-5000', 1000, { start: 500, end: 999 }],
    ['bytes=1000-', 1000, 'unsatisfiable'],
    ['bytes=-0', 1000, 'unsatisfiable'],
    ['bytes=0-0', 0, 'unsatisfiable'],
    ['bytes=5-1', 1000, null],
    ['bytes=0-1,5-9', 1000, null],
    ['items=0-1', 1000, null],
    ['bytes=-', 1000, null],
    [undefined, 1000, null],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

// The same behaviour from both stores: what the releases and images modules rely on.
describe.each(['disk', 's3'] as const)('%s object store', (kind) => {
  let store: ObjectStore;
  let s3: TestS3Server | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-objects-'));

  beforeAll(async () => {
    if (kind === 'disk') {
      store = new DiskObjectStore(path.join(dir, 'data'));
      return;
    }
    s3 = await startS3Server();
    store = new S3ObjectStore(loadConfig({ DATA_DIR: dir, ...s3.env, S3_PREFIX: 'shop' }).s3!);
  });
  afterAll(async () => {
    store.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams an object in and out, whole and by range, and tells its size', async () => {
    const bytes = randomBytes(100_000);
    await store.put('releases/a.zip', Readable.from([bytes.subarray(0, 30_000), bytes.subarray(30_000)]), 'application/zip');
    expect(await store.head('releases/a.zip')).toEqual({ size: 100_000 });
    const whole = await store.get('releases/a.zip');
    expect(whole).toMatchObject({ size: 100_000, length: 100_000 });
    expect(sha256(await readAll(whole!.body))).toBe(sha256(bytes));
    const part = await store.get('releases/a.zip', { start: 99_000, end: 99_999 });
    expect(part).toMatchObject({ size: 100_000, length: 1000 });
    expect((await readAll(part!.body)).equals(bytes.subarray(99_000))).toBe(true);
  });

  it('moves a finished local file in, and the local copy is gone', async () => {
    // Larger than one 8 MB part, so the S3 store sends it as a multipart upload.
    const bytes = randomBytes(9 * 1024 * 1024);
    const file = path.join(dir, `upload-${kind}.part`);
    fs.writeFileSync(file, bytes);
    await store.putFile('images/b.webp', file, 'image/webp');
    expect(fs.existsSync(file)).toBe(false);
    expect(sha256(await readAll((await store.get('images/b.webp'))!.body))).toBe(sha256(bytes));
  });

  it('answers null for a missing object, and deleting removes it (twice is fine)', async () => {
    expect(await store.get('releases/none.zip')).toBeNull();
    expect(await store.head('releases/none.zip')).toBeNull();
    await store.put('releases/c.zip', Readable.from([Buffer.from('zip')]), 'application/zip');
    await store.delete('releases/c.zip');
    await store.delete('releases/c.zip');
    expect(await store.get('releases/c.zip')).toBeNull();
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    for (const key of ['../secret', 'releases/../../x', '/etc/passwd', 'releases//x', 'releases/.hidden', '']) {
      await expect(store.get(key), key).rejects.toThrow(/Not a storage key/);
    }
  });

  it('keeps DATA_DIR layout on disk, and the prefix in the bucket', async () => {
    await store.put('releases/layout.zip', Readable.from([Buffer.from('x')]), 'application/zip');
    if (kind === 'disk') {
      expect(fs.readFileSync(path.join(dir, 'data', 'releases', 'layout.zip'), 'utf8')).toBe('x');
      expect(fs.statSync(path.join(dir, 'data', 'releases', 'layout.zip')).mode & 0o777).toBe(0o600);
      return;
    }
    const unprefixed = new S3ObjectStore(loadConfig({ DATA_DIR: dir, ...s3!.env }).s3!);
    try {
      expect(await unprefixed.head('shop/releases/layout.zip')).toEqual({ size: 1 });
      expect(await unprefixed.head('releases/layout.zip')).toBeNull();
    } finally {
      unprefixed.close();
    }
  });
});
