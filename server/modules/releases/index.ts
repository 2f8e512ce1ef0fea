// The releases module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { onlyTheDemoRelease, seedDemoRelease } from './demo-release.js';
export { createDownloadLink, createDownloadUrl } from './download-links.service.js';
export { DOWNLOAD_SECRET_FILE, downloadSecret, ensureDownloadSecret, signDownloadToken } from './download-token.service.js';
export { releaseEventData, type ReleaseEventData } from './event-data.js';
export { publishRelease } from './publish-release.js';
export { isInRollout } from './release-choice.js';
export { type ChangelogEntry, listPluginChangelog } from './plugin-changelog.js';
export { releasesDir } from './release-storage.js';
export {
  countReleasesOfPlugin,
  deleteReleasesOfPlugin,
  findLatestRelease,
  findRelease,
  findReleaseById,
  hasQualifyingRelease,
  listReleaseLabels,
  listReleaseStates,
  listReleaseVersions,
  lockRelease,
  type ReleaseRow,
  toRelease,
} from './releases.repository.js';
export { haltRollout } from './rollout.repository.js';
export { checkForUpdate } from './update-check.js';
export { removeReleaseFiles } from './withdraw-release.js';
export {
  countReleaseRows,
  exportReleaseChangelogRows,
  exportReleaseRows,
  type ReleaseChangelogExportRow,
  type ReleaseExportRow,
  restoreReleaseRows,
} from './release-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerReleaseRoutes } from './releases.routes.js';
import { startRolloutScheduler } from './release-rollout.js';

/** What the composition root installs (server/services.ts). Its worker moves staged rollouts along their schedule. */
export const releasesModule: AppModule = { name: 'releases', routes: registerReleaseRoutes, workers: startRolloutScheduler };
