import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../lib/errors.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE, removeStaleFiles } from '../../lib/private-files.js';
import { imageKey, type ObjectStore } from '../../lib/object-storage.js';
import { MAX_IMAGE_BYTES } from '../../../common/images.js';
import { SNIFF_BYTES, sniffImageType, type SniffedImageType } from './image-sniff.js';

// Image files: the object store's images/ (DATA_DIR/images, or the bucket: docs/object-storage.md) holds
// originals and WebP variants under generated names (served at /media/images/, cached forever because a name
// is never reused); uploads are checked and encoded in DATA_DIR/images-incoming first, so a half-written or
// refused file is never served. Folders are 0700 and files 0600 (server user only).

export const MEDIA_PREFIX = '/media/images/';
export const VARIANT_WIDTHS = [480, 1200] as const;
const MAX_INPUT_PIXELS = 50_000_000;
const NAME_PATTERN = /^[0-9a-f]{32}$/;
/** An upload still in images-incoming after this long belongs to a process that died mid-upload. */
const STALE_INCOMING_MS = 60 * 60 * 1000;
/** Originals are re-encoded at these settings (JPEG and WebP at 90 look the same as the upload; PNG is lossless). */
const REENCODE: Record<SniffedImageType, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: 90 }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 90 }),
};

export interface StoredImage {
  name: string;
  ext: SniffedImageType;
  width: number;
  height: number;
  variantWidths: number[];
  bytes: number;
}

export const IMAGE_CONTENT_TYPES: Record<SniffedImageType, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export class ImageStorage {
  /** Where the disk store keeps the files (served by @fastify/static when there is no bucket). */
  readonly dir: string;
  private readonly incomingDir: string;

  constructor(
    dataDir: string,
    readonly objects: ObjectStore,
  ) {
    this.dir = path.join(dataDir, 'images');
    this.incomingDir = path.join(dataDir, 'images-incoming');
    ensurePrivateDir(this.dir);
    ensurePrivateDir(this.incomingDir);
    removeStaleFiles(this.incomingDir, STALE_INCOMING_MS);
  }

  static originalFile = (name: string, ext: string): string => `${name}.${ext}`;
  static variantFile = (name: string, width: number): string => `${name}-${width}w.webp`;
  static isGeneratedName = (name: string): boolean => NAME_PATTERN.test(name);

  /**
   * Streams an upload to a local file, refusing it as soon as its first bytes are not JPEG, PNG or WebP (415) or it
   * passes 5 MB (413), then decodes it, re-encodes the original and writes the WebP variants. Nothing is kept
   * when anything fails.
   */
  async store(file: Readable & { truncated?: boolean }): Promise<StoredImage> {
    const name = randomBytes(16).toString('hex');
    const incoming = path.join(this.incomingDir, name);
    let ext: SniffedImageType | null = null;
    let bytes = 0;
    let head = Buffer.alloc(0);
    const sniffer = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (ext === null) {
          head = Buffer.concat([head, chunk]);
          if (head.length < SNIFF_BYTES) return callback();
          ext = sniffImageType(head);
          if (!ext) return callback(notAnImage());
          const buffered = head;
          head = Buffer.alloc(0);
          return callback(null, buffered);
        }
        callback(null, chunk);
      },
      flush(callback) {
        if (ext === null) {
          ext = sniffImageType(head);
          if (!ext) return callback(notAnImage());
          callback(null, head);
          return;
        }
        callback();
      },
    });
    const written: string[] = [incoming];
    const storedKeys: string[] = [];
    // The parser stops passing bytes at the limit but ends the stream only when the part ends; refuse at once
    // instead of waiting for a client that may keep sending.
    file.once('limit', () => sniffer.destroy(tooLarge()));
    try {
      await pipeline(file, sniffer, fs.createWriteStream(incoming, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      if (file.truncated || bytes > MAX_IMAGE_BYTES) throw tooLarge();
      if (!ext) throw notAnImage();
      // ext is set inside the stream callbacks, which TypeScript's narrowing cannot see.
      const sniffed = ext as SniffedImageType;
      const metadata = await sharp(incoming, { limitInputPixels: MAX_INPUT_PIXELS })
        .metadata()
        .catch(() => {
          throw notAnImage();
        });
      if (!metadata.width || !metadata.height || !['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) throw notAnImage();
      const encoded = `${incoming}.${sniffed}`;
      written.push(encoded);
      // Re-encoded rather than copied: EXIF and other metadata (a phone photo's GPS position) and anything
      // hidden around the image data (an HTML polyglot) are dropped; the EXIF orientation is applied first,
      // so the picture stays upright.
      const stored = await REENCODE[sniffed](sharp(incoming, { limitInputPixels: MAX_INPUT_PIXELS }).rotate())
        .toFile(encoded)
        .catch(() => {
          throw notAnImage();
        });
      await fs.promises.chmod(encoded, PRIVATE_FILE_MODE);
      const variantWidths = [...new Set(VARIANT_WIDTHS.map((width) => Math.min(width, stored.width)))];
      for (const width of variantWidths) {
        const file = ImageStorage.variantFile(name, width);
        const target = path.join(this.incomingDir, file);
        written.push(target);
        await sharp(encoded, { limitInputPixels: MAX_INPUT_PIXELS })
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(target)
          .catch(() => {
            throw notAnImage();
          });
        await fs.promises.chmod(target, PRIVATE_FILE_MODE);
        storedKeys.push(imageKey(file));
        await this.objects.putFile(imageKey(file), target, IMAGE_CONTENT_TYPES.webp);
      }
      // The original goes last: its URL is the one answered, so it exists only once its variants do.
      storedKeys.push(imageKey(ImageStorage.originalFile(name, sniffed)));
      await this.objects.putFile(imageKey(ImageStorage.originalFile(name, sniffed)), encoded, IMAGE_CONTENT_TYPES[sniffed]);
      await fs.promises.rm(incoming, { force: true });
      return { name, ext: sniffed, width: stored.width, height: stored.height, variantWidths, bytes: stored.size };
    } catch (error) {
      await Promise.all(written.map((file) => fs.promises.rm(file, { force: true })));
      await Promise.all(storedKeys.map((key) => this.objects.delete(key).catch(() => undefined)));
      throw toUploadError(error);
    }
  }

  async remove(name: string, ext: string, variantWidths: number[]): Promise<void> {
    if (!ImageStorage.isGeneratedName(name)) return;
    const files = [ImageStorage.originalFile(name, ext), ...variantWidths.map((width) => ImageStorage.variantFile(name, width))];
    await Promise.all(files.map((file) => this.objects.delete(imageKey(file))));
  }
}

const notAnImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image');
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 5 MB');

function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return error;
}
