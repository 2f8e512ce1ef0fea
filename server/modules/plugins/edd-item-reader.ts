// The EDD item lookup of check_license (server/modules/edd-compat), on SQLite as a statement prepared once on a
// read-only connection of its own, as the licence validation reader does (server/modules/licenses/validation-reader.ts):
// Kysely's SQLite driver funnels every query through one connection's mutex, which measured as much of a busy
// call's cost. Nothing is cached, so nothing can be stale. PostgreSQL and in-memory SQLite use Kysely.
import SQLite from 'better-sqlite3';
import type { AppContext } from '../../kernel/context.js';
import type { PluginRow } from './plugins.repository.js';

export type EddItemPlugin = Pick<PluginRow, 'slug' | 'name' | 'edd_item_id' | 'edd_item_name'>;
export type EddItemReader = (itemId: number) => EddItemPlugin | undefined;

export function openEddItemReader(ctx: Pick<AppContext, 'config'>): { read: EddItemReader; close: () => void } | null {
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const connection = new SQLite(target.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const lookup = connection.prepare<[number], EddItemPlugin>('select slug, name, edd_item_id, edd_item_name from plugins where edd_item_id = ?');
  return { read: (itemId) => lookup.get(itemId), close: () => void connection.close() };
}
