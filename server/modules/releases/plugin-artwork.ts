import type { Database } from '../../db/database.js';
import { listArtworkImages, type ArtworkImageRow } from '../images/index.js';
import { ImageStorage, MEDIA_PREFIX } from '../images/index.js';

const parseWidths = (json: string): number[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((width): width is number => Number.isInteger(width)) : [];
  } catch {
    return [];
  }
};

/**
 * The smallest WebP variant and the original, as absolute URLs (WordPress loads them from the site's admin).
 * Variants are 480 and 1200 px wide at most (images.storage.ts): the small one covers a 128 px icon and,
 * for a banner, the largest covers the 772 px `low`; the original serves the 2x/`high` slot.
 */
function imageUrls(row: ArtworkImageRow, baseUrl: string): { small: string; large: string; original: string } {
  const base = baseUrl.replace(/\/+$/, '');
  const widths = parseWidths(row.variant_widths).sort((a, b) => a - b);
  const original = `${base}${MEDIA_PREFIX}${ImageStorage.originalFile(row.upload_name, row.ext)}`;
  const variant = (width: number | undefined) => (width === undefined ? original : `${base}${MEDIA_PREFIX}${ImageStorage.variantFile(row.upload_name, width)}`);
  return { small: variant(widths[0]), large: variant(widths.at(-1)), original };
}

export interface PluginArtwork {
  icons: Record<string, string>;
  banners: Record<string, string>;
}

/** plugin-update-checker's `icons: {'1x','2x'}` and `banners: {low, high}` from the plugin's stored images. */
export async function findPluginArtwork(db: Database, pluginSlug: string, baseUrl: string): Promise<PluginArtwork> {
  const rows = await listArtworkImages(db, pluginSlug);
  const icon = rows.find((row) => row.type === 'icon');
  const banner = rows.find((row) => row.type === 'banner');
  const iconUrls = icon && imageUrls(icon, baseUrl);
  const bannerUrls = banner && imageUrls(banner, baseUrl);
  return {
    icons: iconUrls ? { '1x': iconUrls.small, '2x': iconUrls.original } : {},
    banners: bannerUrls ? { low: bannerUrls.large, high: bannerUrls.original } : {},
  };
}
