import type { Insertable, Selectable, Transaction as KyselyTransaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { DB, ImageUploadsTable, PluginImagesTable } from '../../db/schema.js';

// Every query on `plugin_images` and `image_uploads` lives here (docs/architecture.md, "One owner per table"):
// the catalogue, the plugins module and releases (update-check artwork) read and move images through these.

export type ImageRow = Selectable<PluginImagesTable> & { ext: string; variant_widths: string };
export type Transaction = KyselyTransaction<DB>;
export async function insertUpload(db: Db, upload: Insertable<ImageUploadsTable>): Promise<void> {
  await db.insertInto('image_uploads').values(upload).execute();
}

export async function findUpload(db: Db, name: string): Promise<Selectable<ImageUploadsTable> | undefined> {
  return db.selectFrom('image_uploads').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function deleteUpload(db: Db, name: string): Promise<void> {
  await db.deleteFrom('image_uploads').where('name', '=', name).execute();
}

const imagesWithFiles = (db: Db) =>
  db
    .selectFrom('plugin_images')
    .innerJoin('image_uploads', 'image_uploads.name', 'plugin_images.upload_name')
    .selectAll('plugin_images')
    .select(['image_uploads.ext', 'image_uploads.variant_widths']);

export async function listImages(db: Db, pluginSlug: string): Promise<ImageRow[]> {
  return imagesWithFiles(db).where('plugin_images.plugin_slug', '=', pluginSlug).orderBy('plugin_images.sort_order').orderBy('plugin_images.id').execute();
}

export async function findImage(db: Db, pluginSlug: string, id: number): Promise<ImageRow | undefined> {
  return imagesWithFiles(db).where('plugin_images.plugin_slug', '=', pluginSlug).where('plugin_images.id', '=', id).executeTakeFirst();
}

export async function insertImage(db: Db, image: Insertable<PluginImagesTable>): Promise<number> {
  const row = await db.insertInto('plugin_images').values(image).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateImageCaption(db: Db, id: number, caption: string, updatedAt: string): Promise<void> {
  await db.updateTable('plugin_images').set({ caption, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function deleteImage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('plugin_images').where('id', '=', id).execute();
}

export async function countImages(db: Db, pluginSlug: string): Promise<{ total: number; primaries: number }> {
  const row = await db
    .selectFrom('plugin_images')
    .select((eb) => [eb.fn.countAll<string | number>().as('total'), eb.fn.sum<string | number | null>('is_primary').as('primaries')])
    .where('plugin_slug', '=', pluginSlug)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), primaries: Number(row?.primaries ?? 0) };
}

/** Clears the current primary, then sets the chosen image: two statements, so the unique index never sees two. */
export async function makePrimary(db: Db, pluginSlug: string, id: number, updatedAt: string): Promise<void> {
  await db
    .updateTable('plugin_images')
    .set({ is_primary: 0, updated_at: updatedAt })
    .where('plugin_slug', '=', pluginSlug)
    .where('is_primary', '=', 1)
    .where('id', '!=', id)
    .execute();
  await db.updateTable('plugin_images').set({ is_primary: 1, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function firstImageId(db: Db, pluginSlug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('plugin_images')
    .select('id')
    .where('plugin_slug', '=', pluginSlug)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The primary image of each of the given plugins that has one (at most one per plugin: a unique index). */
export async function listPrimaryImages(db: Database, pluginSlugs: string[]): Promise<ImageRow[]> {
  if (pluginSlugs.length === 0) return [];
  return db
    .selectFrom('plugin_images')
    .innerJoin('image_uploads', 'image_uploads.name', 'plugin_images.upload_name')
    .selectAll('plugin_images')
    .select(['image_uploads.ext', 'image_uploads.variant_widths'])
    .where('plugin_images.plugin_slug', 'in', pluginSlugs)
    .where('plugin_images.is_primary', '=', 1)
    .execute();
}

export type ArtworkImageRow = { type: string; upload_name: string; ext: string; variant_widths: string; is_primary: number };

/** The `icon` and `banner` images of a plugin with their stored files; the primary one of a type first. */
export async function listArtworkImages(db: Database, pluginSlug: string): Promise<ArtworkImageRow[]> {
  return db
    .selectFrom('plugin_images')
    .innerJoin('image_uploads', 'image_uploads.name', 'plugin_images.upload_name')
    .select(['plugin_images.type', 'plugin_images.upload_name', 'image_uploads.ext', 'image_uploads.variant_widths', 'plugin_images.is_primary'])
    .where('plugin_images.plugin_slug', '=', pluginSlug)
    .where('plugin_images.type', 'in', ['icon', 'banner'])
    .orderBy('plugin_images.is_primary', 'desc')
    .orderBy('plugin_images.sort_order')
    .orderBy('plugin_images.id')
    .execute();
}

export type PluginArtworkRow = ArtworkImageRow & { plugin_slug: string; width: number; height: number };

/** The `icon` and `banner` images of several plugins in one query (the catalogue), in the admin's order. */
export async function listArtworkOfPlugins(db: Database, pluginSlugs: string[]): Promise<PluginArtworkRow[]> {
  if (pluginSlugs.length === 0) return [];
  return db
    .selectFrom('plugin_images')
    .innerJoin('image_uploads', 'image_uploads.name', 'plugin_images.upload_name')
    .select([
      'plugin_images.plugin_slug',
      'plugin_images.type',
      'plugin_images.upload_name',
      'image_uploads.ext',
      'image_uploads.variant_widths',
      'image_uploads.width',
      'image_uploads.height',
      'plugin_images.is_primary',
    ])
    .where('plugin_images.plugin_slug', 'in', pluginSlugs)
    .where('plugin_images.type', 'in', ['icon', 'banner'])
    .orderBy('plugin_images.sort_order')
    .orderBy('plugin_images.id')
    .execute();
}

/** Moves the plugin's images to its new slug (files are stored under generated names, so only rows change). */
export async function moveImagesToSlug(trx: Transaction, from: string, to: string): Promise<void> {
  await trx.updateTable('plugin_images').set({ plugin_slug: to }).where('plugin_slug', '=', from).execute();
  await trx.updateTable('image_uploads').set({ plugin_slug: to }).where('plugin_slug', '=', from).execute();
}
