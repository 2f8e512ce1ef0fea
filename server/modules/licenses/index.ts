// The licenses module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { checkLicenseForSite, createLicense, effectiveStatus, normalizeSiteUrl, recordSiteReport, revokeLicense } from './license-access.service.js';
export { registerLicenseRoutes } from './licenses.routes.js';
export { countLicensesOfPlugin, countLicenseStats, deactivateAdminSite, findLicenseById, findLicenseForDownload } from './licenses.service.js';
