// The licenses module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { canonicalKey, checkLicenseForSite, createLicense, effectiveStatus, isLocalSite, revokeLicense } from './license-access.service.js';
export { findExistingKeys, type ImportedLicense, insertImportedLicenses } from './license-import.service.js';
export { countLicensesOfPlugin, countLicenseStats, findLicenseById, findLicenseByKey, findLicenseForDownload } from './licenses.repository.js';
export { registerLicenseRoutes } from './licenses.routes.js';
export { deactivateAdminSite } from './licenses.service.js';
export { activateSite, deactivateSite, openValidationReader, type SeatRules, validateLicense, type ValidationReader } from './machine.service.js';
export { recordSiteReport } from './site-report.js';
export { normalizeSiteUrl } from './site-url.js';
