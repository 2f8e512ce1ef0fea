import type { Database } from '../../db/database.js';
import { compareVersions } from '../../../common/versions.js';
import { subsections } from './plugin-headers.js';

// A plugin's changelog for its storefront page (docs/storefront.md, "Changelog"): the `== Changelog ==` sections of
// its releases' readme.txt files, kept at upload (release_changelogs). The latest offered stable releases come first
// (not withdrawn, not beta; highest version first, the rule of common/versions.ts latestRelease): their `= x =`
// entries in readme order, then entries only older readmes still carry. An entry named after a release's version
// gets that release's date.

/** How many releases' readmes are read: a readme's changelog usually holds the history already. */
const CHANGELOG_RELEASES = 10;
/** How many entries the page shows at most. */
export const CHANGELOG_MAX_ENTRIES = 50;

export interface ChangelogEntry {
  /** The entry's heading (`= 1.2.0 =`), usually a version; the release's version for a readme without headings. */
  version: string;
  /** The ISO date of the release of that version, when there is one. */
  date: string | null;
  /** The entry as the readme writes it (WordPress readme Markdown: `*` lists, paragraphs). */
  text: string;
}

export async function listPluginChangelog(db: Database, pluginSlug: string): Promise<ChangelogEntry[]> {
  const releases = await db
    .selectFrom('releases')
    .select(['id', 'version', 'created_at'])
    .where('plugin_slug', '=', pluginSlug)
    .where('withdrawn_at', 'is', null)
    .where('channel', '!=', 'beta')
    .execute();
  if (releases.length === 0) return [];
  releases.sort((a, b) => compareVersions(b.version, a.version) || b.created_at.localeCompare(a.created_at));
  const newest = releases.slice(0, CHANGELOG_RELEASES);
  const changelogs = await db
    .selectFrom('release_changelogs')
    .select(['release_id', 'changelog'])
    .where(
      'release_id',
      'in',
      newest.map((release) => release.id),
    )
    .execute();
  const textById = new Map(changelogs.map((row) => [row.release_id, row.changelog]));
  const dateByVersion = new Map(releases.map((release) => [release.version, release.created_at]));
  const dateOf = (heading: string): string | null => dateByVersion.get(heading) ?? dateByVersion.get(heading.replace(/^v/i, '')) ?? null;

  const entries: ChangelogEntry[] = [];
  const seen = new Set<string>();
  for (const release of newest) {
    const text = textById.get(release.id)?.trim();
    if (!text) continue;
    const parts = subsections(text);
    // A changelog without `= x =` headings is this release's notes.
    const found: Array<[string, string]> = parts.size > 0 ? [...parts] : [[release.version, text]];
    for (const [heading, body] of found) {
      const key = heading.toLowerCase();
      if (seen.has(key) || !body) continue;
      seen.add(key);
      entries.push({ version: heading, date: dateOf(heading), text: body });
      if (entries.length >= CHANGELOG_MAX_ENTRIES) return entries;
    }
  }
  return entries;
}
