// The licenses module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { checkLicenseForSite, createLicense, effectiveStatus, revokeLicense } from './license-access.service.js';
export { countLicensesOfPlugin, countLicenseStats, findLicenseById, findLicenseForDownload } from './licenses.repository.js';
export { registerLicenseRoutes } from './licenses.routes.js';
export { deactivateAdminSite } from './licenses.service.js';
export { recordSiteReport } from './site-report.js';
export { normalizeSiteUrl } from './site-url.js';
