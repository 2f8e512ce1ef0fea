// Kept free of zod so the page chunk stays small; the server's schema says the same in common/releases.ts.
export const VERSION_HINT = 'Please enter version in format: x.y.z';

/** Plugin labels of spec section 2; other slugs are shown uppercased. */
const PLUGIN_LABELS: Record<string, string> = {
  ucre: '8022 Licensing',
  'email-marketing': 'Email Marketing Pro',
  analytics: 'Analytics Dashboard',
};
export const pluginLabel = (slug: string): string => PLUGIN_LABELS[slug] ?? slug.toUpperCase();

/** The first 16 characters of a signature, as the cards show it. */
export const signaturePrefix = (signature: string): string => signature.slice(0, 16);

/** The newest release (by created_at) of each plugin: the ones marked Latest. */
export function latestReleaseIds(releases: Array<{ id: number; plugin_slug: string; created_at: string }>): Set<number> {
  const newest = new Map<string, { id: number; created_at: string }>();
  for (const release of releases) {
    const current = newest.get(release.plugin_slug);
    if (!current || release.created_at > current.created_at || (release.created_at === current.created_at && release.id > current.id)) {
      newest.set(release.plugin_slug, release);
    }
  }
  return new Set([...newest.values()].map((release) => release.id));
}
