import type { Stats } from '../../../common/licenses.js';
import { compareVersions } from '../../../common/versions.js';
import type { Database } from '../../db/database.js';
import { countLicenseStats } from '../licenses/index.js';

/** Active = neither revoked nor expired; activations count only sites that use a seat (not local/staging). */
export async function dashboardStats(db: Database): Promise<Stats> {
  const counts = await countLicenseStats(db, new Date().toISOString());
  const latestVersion = counts.versions.reduce<string | null>((best, version) => (best === null || compareVersions(version, best) > 0 ? version : best), null);
  return { totalLicenses: counts.total, activeLicenses: counts.active, totalActivations: counts.activations, latestVersion };
}
