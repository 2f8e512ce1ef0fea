// The licenses module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { canonicalKey, checkLicenseForSite, createLicense, effectiveStatus, revokeLicense } from './license-access.service.js';
export { findExistingKeys, type ImportedLicense, insertImportedLicenses, refreshImportStatistics } from './license-import.service.js';
export {
  countActiveInstalls,
  countLicensesOfPlugin,
  countActiveExpiringBetween,
  countAllLicenses,
  findLicenseById,
  findLicenseByKey,
  findLicenseForDownload,
  listActivationsOfLicenses,
  listLicensedPluginSlugs,
} from './licenses.repository.js';
export { lockLicenseInTerm, markLicenseExpired } from './expire-license.js';
export { lockLicenseOfCustomer, moveLicensesOfAddress, transferLicense } from './transfer-license.js';
export { renewLicenseTerm, revertRenewalTerm, revertUpgradeTier, upgradeLicenseTier } from './license-terms.js';
export { deactivateAdminSite } from './licenses.service.js';
export { activationEventData, licenseEventData, type LicenseEventData } from './event-data.js';
export { activateSite, deactivateSite, seatRules, type SeatRules, validateLicense } from './machine.service.js';
export { recordSiteReport } from './site-report.js';
export { isLocalSite, normalizeSiteUrl } from './site-url.js';
export { openValidationReader, type ValidationReader } from './validation-reader.js';
export {
  type ActivationExportRow,
  countLicenseRows,
  type EndedActivationExportRow,
  exportActivationRows,
  exportEndedActivationRows,
  exportLicenseRows,
  type LicenseExportRow,
  restoreEndedActivationRows,
  restoreLicenseRows,
} from './license-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerLicenseRoutes } from './licenses.routes.js';

/** What the composition root installs (server/services.ts). */
export const licensesModule: AppModule = { name: 'licenses', routes: registerLicenseRoutes };
// The Orders list's search by part of a key (the key's substring index, 0064-substring-search).
export { licenseIdsWithKeyPart, recutLicensePages } from './license-list.repository.js';
