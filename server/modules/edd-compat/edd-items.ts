// Which of our plugins an EDD request means: by `item_id` (the plugin's EDD item id), else by `item_name`
// (its EDD item name, else its own name), as EDD Software Licensing looks the download up.
import type { Database } from '../../db/database.js';
import type { EddRequest } from '../../../common/edd-compat.js';
import { findPluginByEddItemId, findPluginByEddItemName, type EddItemPlugin, type EddItemReader } from '../plugins/index.js';

/** EDD reads `item_id` with PHP's absint: anything but a whole number from 1 up means none. */
export function parseItemId(raw: string | undefined): number | false {
  if (!raw || !/^\s*\d{1,10}\s*$/.test(raw)) return false;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : false;
}

/**
 * EDD's sample plugin and updaters send `item_name` through `rawurlencode()` (`My%20Plugin`) inside a form body,
 * and EDD reads it back with `rawurldecode()`: decode each run of `%XX` escapes the same way (a `+` stays a `+`,
 * and an escape that is not UTF-8 stays as it was sent).
 */
export const rawUrlDecode = (value: string): string =>
  value.includes('%')
    ? value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      })
    : value;

export interface ItemLookup {
  /** How the request named the item: EDD's error differs (invalid_item_id or item_name_mismatch). */
  by: 'id' | 'name' | 'none';
  itemId: number | false;
  itemName: string;
  /** The plugin named, when the request named one that exists. */
  plugin?: EddItemPlugin;
}

export async function lookUpItem(db: Database, request: EddRequest, useLegacyName = false, reader?: EddItemReader | null): Promise<ItemLookup> {
  const itemId = parseItemId(request.item_id);
  const itemName = rawUrlDecode(request.item_name ?? (useLegacyName ? request.name : undefined) ?? '').trim();
  if (itemId !== false) {
    const plugin = reader ? await reader(itemId) : await findPluginByEddItemId(db, itemId);
    return { by: 'id', itemId, itemName: itemName || eddName(plugin), ...(plugin && { plugin }) };
  }
  if (itemName) {
    const plugin = await findPluginByEddItemName(db, itemName);
    return { by: 'name', itemId: plugin?.edd_item_id ?? false, itemName, ...(plugin && { plugin }) };
  }
  return { by: 'none', itemId: false, itemName: '' };
}

/** The name EDD would answer for a plugin: its EDD item name, else its own. */
export const eddName = (plugin: EddItemPlugin | undefined): string => plugin?.edd_item_name ?? plugin?.name ?? '';
