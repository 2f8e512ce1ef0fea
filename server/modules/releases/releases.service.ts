// What other modules use of this one: they import it only through its service files (docs/contributing.md).
export {
  countReleasesOfPlugin,
  findLatestRelease,
  findRelease,
  findReleaseById,
  haltRollout,
  hasQualifyingRelease,
  listReleaseStates,
  listReleaseVersions,
  lockRelease,
  toRelease,
  type ReleaseRow,
} from './releases.repository.js';
export { isInRollout } from './release-choice.js';
