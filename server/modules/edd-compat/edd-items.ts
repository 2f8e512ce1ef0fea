// Which of our plugins an EDD request means: by `item_id` (the plugin's EDD item id), else by `item_name`
// (its EDD item name, else its own name), as EDD Software Licensing looks the download up. EDD reads `item_name`
// with rawurldecode() (and answers it so), then compares `sanitize_title( urldecode( $item_name ) )` with
// sanitize_title() of the download's name (sanitize-title.ts, docs/edd-item-names.md): `EDD+Demo`, `EDD%20Demo`
// and `edd demo` all name *EDD Demo*.
import type { Database } from '../../db/database.js';
import type { EddRequest } from '../../../common/edd-compat.js';
import { listEddItemPlugins, type EddItemPlugin, type EddItemReader } from '../plugins/index.js';
import { rawUrlDecode, sanitizeTitleRemembered as sanitizeTitle, urlDecode } from './sanitize-title.js';

/** EDD reads `item_id` with PHP's absint: anything but a whole number from 1 up means none. */
export function parseItemId(raw: string | undefined): number | false {
  if (!raw || !/^\s*\d{1,10}\s*$/.test(raw)) return false;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : false;
}

export interface ItemLookup {
  /** How the request named the item: EDD's error differs (invalid_item_id or item_name_mismatch). */
  by: 'id' | 'name' | 'none';
  itemId: number | false;
  itemName: string;
  /** The plugin named, when the request named one that exists. */
  plugin?: EddItemPlugin;
}

/** The plugin an item name (as read, rawurldecoded) means: the first whose EDD item name matches, else the first whose own name does. */
export function findByItemName(plugins: readonly EddItemPlugin[], itemName: string): EddItemPlugin | undefined {
  const wanted = sanitizeTitle(urlDecode(itemName));
  if (!wanted) return undefined;
  return (
    plugins.find((plugin) => plugin.edd_item_name !== null && sanitizeTitle(plugin.edd_item_name) === wanted) ??
    plugins.find((plugin) => sanitizeTitle(plugin.name) === wanted)
  );
}

export async function lookUpItem(db: Database, request: EddRequest, useLegacyName = false, reader?: EddItemReader | null): Promise<ItemLookup> {
  const itemId = parseItemId(request.item_id);
  const itemName = rawUrlDecode(request.item_name ?? (useLegacyName ? request.name : undefined) ?? '').trim();
  if (itemId === false && !itemName) return { by: 'none', itemId: false, itemName: '' };
  const plugins = reader ? await reader() : await listEddItemPlugins(db);
  if (itemId !== false) {
    const plugin = plugins.find((candidate) => candidate.edd_item_id === itemId);
    return { by: 'id', itemId, itemName: itemName || eddName(plugin), ...(plugin && { plugin }) };
  }
  const plugin = findByItemName(plugins, itemName);
  return { by: 'name', itemId: plugin?.edd_item_id ?? false, itemName, ...(plugin && { plugin }) };
}

/** The name EDD would answer for a plugin: its EDD item name, else its own. */
export const eddName = (plugin: EddItemPlugin | undefined): string => plugin?.edd_item_name ?? plugin?.name ?? '';
