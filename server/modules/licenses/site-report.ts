// What a site reports about itself on validate and update checks (common/site-report.ts): recorded on its
// activation for the dashboard's shares, never used for a decision. Validation is the hot path, so this
// reads nothing: callers pass the activation row they already read, and a row is written only when a value
// the site sent differs from the stored one (a site reports the same versions day after day: no write).
import type { SiteReport } from '../../../common/site-report.js';
import { nowIso } from '../../lib/time.js';
import type { Db } from '../../db/database.js';

/** The reported columns of an activation row, as the caller read them. */
export interface StoredSiteReport {
  id: number;
  installed_version: string | null;
  wp_version: string | null;
  php_version: string | null;
}

const FIELDS = ['installed_version', 'wp_version', 'php_version'] as const;

/** The columns a report changes (a field not sent keeps its stored value), or null when it changes none. */
export function siteReportChanges(stored: StoredSiteReport, report: SiteReport): Partial<Record<(typeof FIELDS)[number], string>> | null {
  let changes: Partial<Record<(typeof FIELDS)[number], string>> | null = null;
  for (const field of FIELDS) {
    const value = report[field];
    if (value !== undefined && value !== stored[field]) (changes ??= {})[field] = value;
  }
  return changes;
}

/** Writes the changed values and reported_at; nothing (no query at all) when nothing changed. */
export async function recordSiteReport(db: Db, stored: StoredSiteReport, report: SiteReport, at = nowIso()): Promise<void> {
  const changes = siteReportChanges(stored, report);
  if (!changes) return;
  await db
    .updateTable('license_activations')
    .set({ ...changes, reported_at: at })
    .where('id', '=', stored.id)
    .execute();
}
