// A fast path for the busiest public call. On SQLite, validation reads through its own read-only
// connection with prepared statements kept for the life of the process: Kysely's SQLite driver prepares
// every statement anew and funnels all queries through one connection's mutex, which measured as most of
// a validation's cost. WAL mode lets this connection read every committed write at once, so nothing is
// cached and nothing can be stale. Writes, locking and PostgreSQL stay on Kysely.
import SQLite from 'better-sqlite3';
import type { AppContext } from '../../context.js';
import type { LicenceRow } from './licences.repository.js';

export interface ValidationLookup {
  licence: LicenceRow;
  used: number;
  activation: { id: number; last_checked_at: string | null } | null;
}

export type ValidationReader = (key: string, siteUrl: string | undefined) => ValidationLookup | undefined;

interface SiteRow {
  id: number;
  site_url: string;
  is_local: number;
  last_checked_at: string | null;
}

/** The reader for a file-backed SQLite database, or null (PostgreSQL, in-memory) to use Kysely. */
export function openValidationReader(ctx: Pick<AppContext, 'config'>): { read: ValidationReader; close: () => void } | null {
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const connection = new SQLite(target.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const licenceByKey = connection.prepare<[string], LicenceRow>('select * from licenses where key = ?');
  const sitesOfLicence = connection.prepare<[number], SiteRow>('select id, site_url, is_local, last_checked_at from license_activations where license_id = ?');
  const read: ValidationReader = (key, siteUrl) => {
    const licence = licenceByKey.get(key);
    if (!licence) return undefined;
    const sites = sitesOfLicence.all(licence.id);
    const used = sites.filter((site) => site.is_local === 0).length;
    const match = siteUrl === undefined ? undefined : sites.find((site) => site.site_url === siteUrl);
    return { licence, used, activation: match ? { id: match.id, last_checked_at: match.last_checked_at } : null };
  };
  return { read, close: () => connection.close() };
}
