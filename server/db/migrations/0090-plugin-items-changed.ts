import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// PostgreSQL: a commit that changes what EDD's check matches items by (a plugin's slug, name, EDD item id or item
// name, or the set of plugins) notifies `plugin_items_changed`, once per transaction (PostgreSQL folds equal
// notifications). Each server keeps the items it read until it hears one (server/modules/plugins/edd-item-reader.ts,
// issue 44): reading them once a turn cost check_license about 20 µs of server CPU of 141 at 50 connections. The
// download counter's update (countPluginDownload) changes none of these columns and notifies nothing. SQLite reads
// the items in the turn's read transaction, which costs next to nothing: nothing changes there.
export const PLUGIN_ITEMS_CHANNEL = 'plugin_items_changed';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function plugins_notify_items_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(PLUGIN_ITEMS_CHANNEL)}, '');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger plugins_items_changed after insert or delete or truncate or update of slug, name, edd_item_id, edd_item_name
    on plugins for each statement execute function plugins_notify_items_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger plugins_items_changed on plugins`.execute(db);
  await sql`drop function plugins_notify_items_changed()`.execute(db);
}
