// Connections of a reader's own on PostgreSQL (server/modules/licenses/validation-reader.ts,
// server/modules/plugins/edd-item-reader.ts), opened with the app pool's settings and one server setting more.
import type pg from 'pg';

/**
 * The pool's connection settings with one more server setting for the session, given at connection time
 * (a SET query after connecting would race the first lookup). A connection string's own `options` wins over
 * the `options` field in pg, so the setting joins whichever one is in use.
 */
export function withSessionSetting(options: pg.PoolConfig, setting: string, max: number): pg.PoolConfig {
  const join = (existing: string | null | undefined) => (existing ? `${existing} ${setting}` : setting);
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    const fromUrl = url.searchParams.get('options');
    if (fromUrl !== null) {
      url.searchParams.set('options', join(fromUrl));
      return { ...options, connectionString: url.toString(), max };
    }
  }
  return { ...options, options: join(options.options), max };
}
