// The releases module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { seedDemoRelease } from './demo-release.js';
export { createDownloadLink, createDownloadUrl } from './download-links.service.js';
export { DOWNLOAD_SECRET_FILE, downloadSecret, ensureDownloadSecret, signDownloadToken } from './download-token.service.js';
export { publishRelease } from './publish-release.js';
export { releasesDir } from './release-storage.js';
export { countReleasesOfPlugin, findLatestRelease, hasQualifyingRelease, listReleaseStates, listReleaseVersions } from './releases.repository.js';
export { registerReleaseRoutes } from './releases.routes.js';
