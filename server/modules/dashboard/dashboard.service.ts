import type { Stats } from '../../../common/licenses.js';
import { compareVersions } from '../../../common/versions.js';
import type { Database } from '../../db/database.js';
import { countActiveExpiringBetween, countAllLicenses } from '../licenses/index.js';
import { listCurrentVersions } from '../plugins/index.js';
import { countActiveExpiringAfterDay, countCountedSites } from './rollups.repository.js';

const DAY_MS = 86_400_000;

/**
 * Active = neither revoked nor expired; activations count only sites that use a seat (not local/staging). Read off
 * the roll-ups (0067 for the total, 0076 for the rest): active licences are those expiring after today by the
 * roll-up of expiry days, plus today's still to expire, counted on the expiry index.
 */
export async function dashboardStats(db: Database, now = new Date()): Promise<Stats> {
  const today = now.toISOString().slice(0, 10);
  const tomorrow = `${new Date(Date.parse(`${today}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`;
  const [total, later, today_, activations, versions] = await Promise.all([
    countAllLicenses(db),
    countActiveExpiringAfterDay(db, today),
    countActiveExpiringBetween(db, now.toISOString(), tomorrow),
    countCountedSites(db),
    listCurrentVersions(db),
  ]);
  const latestVersion = versions.reduce<string | null>((best, version) => (best === null || compareVersions(version, best) > 0 ? version : best), null);
  return { totalLicenses: total, activeLicenses: later + today_, totalActivations: activations, latestVersion };
}
