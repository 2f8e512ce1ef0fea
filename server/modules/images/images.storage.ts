import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.js';
import { MAX_IMAGE_BYTES } from '../../../common/images.js';
import { SNIFF_BYTES, sniffImageType, type SniffedImageType } from './image-sniff.js';

// Image files on disk: DATA_DIR/images holds originals and WebP variants under generated names (served at
// /media/images/, cached forever because a name is never reused); uploads land in DATA_DIR/images-incoming
// first, so a half-written or refused file is never served.

export const MEDIA_PREFIX = '/media/images/';
export const VARIANT_WIDTHS = [480, 1200] as const;
const MAX_INPUT_PIXELS = 50_000_000;
const NAME_PATTERN = /^[0-9a-f]{32}$/;

export interface StoredImage {
  name: string;
  ext: SniffedImageType;
  width: number;
  height: number;
  variantWidths: number[];
  bytes: number;
}

export class ImageStorage {
  readonly dir: string;
  private readonly incomingDir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'images');
    this.incomingDir = path.join(dataDir, 'images-incoming');
    fs.mkdirSync(this.dir, { recursive: true });
    fs.mkdirSync(this.incomingDir, { recursive: true });
  }

  static originalFile = (name: string, ext: string): string => `${name}.${ext}`;
  static variantFile = (name: string, width: number): string => `${name}-${width}w.webp`;
  static isGeneratedName = (name: string): boolean => NAME_PATTERN.test(name);

  /**
   * Streams an upload to disk, refusing it as soon as its first bytes are not JPEG, PNG or WebP (415) or it
   * passes 5 MB (413), then decodes it and writes the WebP variants. Nothing is kept when anything fails.
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
    // The parser stops passing bytes at the limit but ends the stream only when the part ends; refuse at once
    // instead of waiting for a client that may keep sending.
    file.once('limit', () => sniffer.destroy(tooLarge()));
    try {
      await pipeline(file, sniffer, fs.createWriteStream(incoming));
      if (file.truncated || bytes > MAX_IMAGE_BYTES) throw tooLarge();
      if (!ext) throw notAnImage();
      const sniffed: SniffedImageType = ext;
      const metadata = await sharp(incoming, { limitInputPixels: MAX_INPUT_PIXELS }).metadata().catch(() => {
        throw notAnImage();
      });
      if (!metadata.width || !metadata.height || !['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) throw notAnImage();
      const variantWidths = [...new Set(VARIANT_WIDTHS.map((width) => Math.min(width, metadata.width ?? width)))];
      for (const width of variantWidths) {
        const target = path.join(this.dir, ImageStorage.variantFile(name, width));
        written.push(target);
        await sharp(incoming, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toFile(target)
          .catch(() => {
            throw notAnImage();
          });
      }
      const original = path.join(this.dir, ImageStorage.originalFile(name, sniffed));
      await fs.promises.rename(incoming, original);
      return { name, ext: sniffed, width: metadata.width, height: metadata.height, variantWidths, bytes };
    } catch (error) {
      await Promise.all(written.map((file) => fs.promises.rm(file, { force: true })));
      throw toUploadError(error);
    }
  }

  async remove(name: string, ext: string, variantWidths: number[]): Promise<void> {
    if (!ImageStorage.isGeneratedName(name)) return;
    const files = [ImageStorage.originalFile(name, ext), ...variantWidths.map((width) => ImageStorage.variantFile(name, width))];
    await Promise.all(files.map((file) => fs.promises.rm(path.join(this.dir, file), { force: true })));
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
