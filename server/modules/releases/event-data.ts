import type { ReleaseRow } from './releases.repository.js';

// The `data` of the release events (docs/webhooks.md).
/** Public release fields; the stored file name stays internal. */
export const releaseEventData = (row: ReleaseRow) => ({
  id: row.id,
  plugin_slug: row.plugin_slug,
  version: row.version,
  notes: row.notes,
  file_size: row.file_size,
  sha384: row.sha384,
  signature: row.signature,
  requires_wp: row.requires_wp,
  tested_wp: row.tested_wp,
  requires_php: row.requires_php,
  created_at: row.created_at,
});

export type ReleaseEventData = ReturnType<typeof releaseEventData>;

// The release event this module emits (server/kernel/events.ts; docs/webhooks.md).
declare module '../../kernel/events.js' {
  interface AppEvents {
    'release.published': ReleaseEventData;
  }
}
