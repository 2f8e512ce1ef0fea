import type { StorefrontArtwork } from '../../../common/images.js';
import type { Database } from '../../db/database.js';
import { listArtworkOfPlugins, type PluginArtworkRow } from './images.repository.js';
import { ImageStorage, MEDIA_PREFIX } from './images.storage.js';

// A plugin's icon and banner on the storefront (docs/storefront.md, "Icons and banners"): the catalogue cards show
// the icon where the plugin has no gallery image, the plugin page's header the banner. One query for the whole
// catalogue; the first icon and the first banner of a plugin in the admin's order count (the admin page keeps one).

export interface PluginArtworkPair {
  icon: StorefrontArtwork | null;
  banner: StorefrontArtwork | null;
}

const parseWidths = (json: string): number[] => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((width): width is number => Number.isInteger(width) && width > 0) : [];
  } catch {
    return [];
  }
};

/** The row's WebP variants (every stored image has at least one: images.storage.ts); null without any. */
export function toStorefrontArtwork(row: Pick<PluginArtworkRow, 'upload_name' | 'variant_widths' | 'width' | 'height'>): StorefrontArtwork | null {
  const widths = [...new Set(parseWidths(row.variant_widths))].sort((a, b) => a - b);
  const largest = widths.at(-1);
  if (largest === undefined) return null;
  const file = (width: number) => `${MEDIA_PREFIX}${ImageStorage.variantFile(row.upload_name, width)}`;
  return {
    url: file(largest),
    srcset: widths.map((width) => `${file(width)} ${width}w`).join(', '),
    width: row.width,
    height: row.height,
  };
}

/** Each plugin's icon and banner, by slug (plugins without either are absent). */
export async function listStorefrontArtwork(db: Database, pluginSlugs: string[]): Promise<Map<string, PluginArtworkPair>> {
  const rows = await listArtworkOfPlugins(db, pluginSlugs);
  const bySlug = new Map<string, PluginArtworkPair>();
  for (const row of rows) {
    const pair = bySlug.get(row.plugin_slug) ?? { icon: null, banner: null };
    const type = row.type === 'icon' ? 'icon' : row.type === 'banner' ? 'banner' : null;
    if (type && pair[type] === null) pair[type] = toStorefrontArtwork(row);
    bySlug.set(row.plugin_slug, pair);
  }
  return bySlug;
}
