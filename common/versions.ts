// Release versions are x.y.z. The catalogue ignores releases below a minimum version: the setting
// `min_release_version`, whose default is the specification's 1.7.51 (docs/product-spec.md sections 5 and 9; docs/plugins.md).
export const DEFAULT_MIN_RELEASE_VERSION = '1.7.51';
/**
 * The minimum of a shop without the demo: every release qualifies. Stored when a shop starts empty
 * (`SEED_DEMO=false`, server/startup.ts) and when the demo content is removed, so a vendor's own 1.0.0 is on sale;
 * the specification's 1.7.51 is the demo plugin's.
 */
export const ANY_RELEASE_MIN_VERSION = '0.0.0';
/** A release version: x.y.z, each part 1 to 6 digits (the one pattern for uploads, settings and the web forms). */
export const VERSION_PATTERN = /^\d{1,6}\.\d{1,6}\.\d{1,6}$/;
/** What a form says when a version is not x.y.z (the specification's text). */
export const VERSION_HINT = 'Please enter version in format: x.y.z';

export function parseVersion(version: string): [number, number, number] | null {
  if (!VERSION_PATTERN.test(version)) return null;
  const [major, minor, patch] = version.split('.').map(Number);
  return [major ?? 0, minor ?? 0, patch ?? 0];
}

/** Negative when a < b, zero when equal, positive when a > b; compared numerically. Invalid sorts lowest. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) return (left ? 1 : 0) - (right ? 1 : 0);
  for (let i = 0; i < 3; i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export interface ReleaseLike {
  plugin_slug: string;
  version: string;
  created_at: string;
  /** Set when an admin withdrew the release: it is never the latest. */
  withdrawn_at?: string | null;
  /** beta releases are offered only to sites on beta: never the latest (docs/releases.md, "Channels"). */
  channel?: string;
}

/**
 * The latest release: the highest stable version (x.y.z, compared numerically) that is not withdrawn, whatever
 * the upload order (a 1.0.1 hotfix uploaded after 1.1.0 is not the latest). Null when none is left. The
 * update check, the licence e-mail's link, `plugins.current_version`, the storefront and the Releases page
 * all use this one rule.
 */
export function latestRelease<T extends ReleaseLike>(releases: readonly T[]): T | null {
  let best: T | null = null;
  for (const release of releases) {
    if (release.withdrawn_at || release.channel === 'beta') continue;
    if (!best || compareVersions(release.version, best.version) > 0) best = release;
  }
  return best;
}

/**
 * The release that counts for a plugin in the catalogue and checkout: the latest one at or above
 * `minimumVersion` (the caller reads the `min_release_version` setting; this module stays free of settings).
 */
export function qualifyingRelease<T extends ReleaseLike>(releases: readonly T[], pluginSlug: string, minimumVersion: string): T | null {
  return latestRelease(releases.filter((release) => release.plugin_slug === pluginSlug && compareVersions(release.version, minimumVersion) >= 0));
}
