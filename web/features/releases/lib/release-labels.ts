// Kept free of zod so the page chunk stays small; the server's schema says the same in common/releases.ts.
import { latestRelease, type ReleaseLike } from '@common/versions';

/** Plugin labels of docs/product-spec.md section 2; other slugs are shown uppercased. */
const PLUGIN_LABELS: Record<string, string> = {
  ucre: '8022 Licensing',
  'email-marketing': 'Email Marketing Pro',
  analytics: 'Analytics Dashboard',
};
export const pluginLabel = (slug: string): string => PLUGIN_LABELS[slug] ?? slug.toUpperCase();

/** The first 16 characters of a signature, as the cards show it. */
export const signaturePrefix = (signature: string): string => signature.slice(0, 16);

/** The latest release of each plugin (highest version not withdrawn, as the server decides): marked Latest. */
export function latestReleaseIds<T extends ReleaseLike & { id: number }>(releases: T[]): Set<number> {
  const bySlug = new Map<string, T[]>();
  for (const release of releases) bySlug.set(release.plugin_slug, [...(bySlug.get(release.plugin_slug) ?? []), release]);
  return new Set([...bySlug.values()].map((list) => latestRelease(list)?.id).filter((id): id is number => id !== undefined));
}

/** "Requires WordPress 6.2 · Tested up to 6.8 · PHP 8.1", from what the zip said; null when it said nothing. */
export function compatibilityLine(release: { requires_wp: string | null; tested_wp: string | null; requires_php: string | null }): string | null {
  const parts = [
    release.requires_wp && `Requires WordPress ${release.requires_wp}`,
    release.tested_wp && `Tested up to ${release.tested_wp}`,
    release.requires_php && `PHP ${release.requires_php}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
