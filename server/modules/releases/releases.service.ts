// What other modules use of this one: they import it only through its service files (docs/contributing.md).
export { countReleasesOfPlugin, findLatestRelease, hasQualifyingRelease, listReleaseStates, listReleaseVersions } from './releases.repository.js';
