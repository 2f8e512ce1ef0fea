import type { Readable } from 'node:stream';
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { fromBool, toBool } from '../../db/portable.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { artworkSizeProblem, IMAGE_TYPES, isArtworkType, type ImageCreate, type ImagePatch, type ImageType, type PluginImage } from '../../../common/images.js';
import { findPluginBySlug, lockPlugin } from '../plugins/index.js';
import { ImageStorage, MEDIA_PREFIX } from './images.storage.js';
import * as images from './images.repository.js';

const ISSUED_URL = /^\/media\/images\/([0-9a-f]{32})\.(jpg|png|webp)$/;

const parseWidths = (json: string): number[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((w): w is number => typeof w === 'number') : [];
  } catch {
    return [];
  }
};

export function toPluginImage(row: images.ImageRow): PluginImage {
  const srcset = parseWidths(row.variant_widths)
    .map((width) => `${MEDIA_PREFIX}${ImageStorage.variantFile(row.upload_name, width)} ${width}w`)
    .join(', ');
  return {
    id: row.id,
    url: `${MEDIA_PREFIX}${ImageStorage.originalFile(row.upload_name, row.ext)}`,
    type: (IMAGE_TYPES as readonly string[]).includes(row.type) ? (row.type as ImageType) : 'screenshot',
    caption: row.caption,
    sort_order: row.sort_order,
    is_primary: toBool(row.is_primary),
    plugin_slug: row.plugin_slug,
    srcset,
  };
}

/** The upload name in a URL the upload call answered (relative, or absolute on any host). */
function issuedUploadName(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  return ISSUED_URL.exec(pathname)?.[1] ?? null;
}

export class ImagesService {
  private readonly db: Database;

  constructor(
    /** The database and event bus its changes run in (units of work). */
    private readonly changes: UnitContext,
    readonly storage: ImageStorage,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.db = changes.db;
  }

  private async requirePlugin(slug: string, activeOnly = false): Promise<void> {
    const plugin = await findPluginBySlug(this.db, slug);
    if (!plugin || (activeOnly && !toBool(plugin.active))) throw new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
  }

  async list(slug: string, { activeOnly = false } = {}): Promise<PluginImage[]> {
    await this.requirePlugin(slug, activeOnly);
    const rows = await images.listImages(this.db, slug);
    // The public list is the storefront's gallery; icons and banners are WordPress artwork (the update answer).
    return (activeOnly ? rows.filter((row) => !isArtworkType(row.type)) : rows).map(toPluginImage);
  }

  async upload(slug: string, file: Readable & { truncated?: boolean }): Promise<string> {
    await this.requirePlugin(slug);
    const stored = await this.storage.store(file);
    try {
      await images.insertUpload(this.db, {
        name: stored.name,
        plugin_slug: slug,
        ext: stored.ext,
        width: stored.width,
        height: stored.height,
        variant_widths: JSON.stringify(stored.variantWidths),
        bytes: stored.bytes,
        created_at: nowIso(),
      });
    } catch (error) {
      await this.storage.remove(stored.name, stored.ext, stored.variantWidths);
      throw error;
    }
    return `${MEDIA_PREFIX}${ImageStorage.originalFile(stored.name, stored.ext)}`;
  }

  async create(slug: string, input: ImageCreate): Promise<PluginImage> {
    await this.requirePlugin(slug);
    const name = issuedUploadName(input.url);
    const upload = name ? await images.findUpload(this.db, name) : undefined;
    if (!name || !upload) throw new AppError('BAD_REQUEST', 'The image url must be one answered by the upload call of this server');
    if (upload.plugin_slug !== slug) throw new AppError('BAD_REQUEST', 'This image was uploaded for another plugin');
    const type = input.type ?? 'screenshot';
    const sizeProblem = artworkSizeProblem(type, upload.width, upload.height);
    if (sizeProblem) throw new AppError('BAD_REQUEST', sizeProblem);
    const id = await unitOfWork(this.changes, async ({ trx }) => {
      await lockPlugin(trx, slug);
      const existing = await trx.selectFrom('plugin_images').select('id').where('upload_name', '=', name).executeTakeFirst();
      if (existing) throw new AppError('CONFLICT', 'This image has already been added');
      const { total, primaries } = await images.countImages(trx, slug);
      const now = nowIso();
      return images.insertImage(trx, {
        plugin_slug: slug,
        upload_name: name,
        type,
        caption: input.caption ?? '',
        sort_order: input.sort_order ?? total,
        // The first image of a plugin becomes its primary, so a plugin with images always has exactly one.
        is_primary: fromBool(primaries === 0 && !isArtworkType(type)),
        created_at: now,
        updated_at: now,
      });
    });
    return this.get(slug, id);
  }

  async get(slug: string, id: number): Promise<PluginImage> {
    const row = await images.findImage(this.db, slug, id);
    if (!row) throw new AppError('NOT_FOUND', `No image ${id} for plugin "${slug}"`);
    return toPluginImage(row);
  }

  async update(slug: string, id: number, patch: ImagePatch): Promise<PluginImage> {
    await unitOfWork(this.changes, async ({ trx }) => {
      if (!(await lockPlugin(trx, slug))) throw new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
      const image = await images.findImage(trx, slug, id);
      if (!image) throw new AppError('NOT_FOUND', `No image ${id} for plugin "${slug}"`);
      if (patch.is_primary && isArtworkType(image.type))
        throw new AppError('BAD_REQUEST', 'An icon or banner cannot be the primary image: choose a gallery image');
      const now = nowIso();
      if (patch.caption !== undefined) await images.updateImageCaption(trx, id, patch.caption ?? '', now);
      if (patch.is_primary) await images.makePrimary(trx, slug, id, now);
    });
    return this.get(slug, id);
  }

  async remove(slug: string, id: number): Promise<void> {
    const removed = await unitOfWork(this.changes, async ({ trx }) => {
      if (!(await lockPlugin(trx, slug))) throw new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
      const row = await images.findImage(trx, slug, id);
      if (!row) throw new AppError('NOT_FOUND', `No image ${id} for plugin "${slug}"`);
      await images.deleteImage(trx, id);
      await images.deleteUpload(trx, row.upload_name);
      if (toBool(row.is_primary)) {
        const next = (await images.listImages(trx, slug)).find((image) => !isArtworkType(image.type))?.id;
        if (next !== undefined) await images.makePrimary(trx, slug, next, nowIso());
      }
      return row;
    });
    // Files go after the commit: a failed transaction never leaves a record pointing at missing files.
    // The record is gone (a retry would answer 404), so files the store fails to delete are logged, not answered.
    await this.storage.remove(removed.upload_name, removed.ext, parseWidths(removed.variant_widths)).catch((error: unknown) => {
      this.log?.error({ err: error, upload_name: removed.upload_name }, "The deleted image's files could not be removed from the object store");
    });
  }
}
