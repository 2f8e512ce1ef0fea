import { effectivePriceMinor, isPurchasable, type PriceablePlugin } from './pricing.js';
import { compareVersions, latestRelease, qualifyingRelease, type ReleaseLike } from './versions.js';

// Why a plugin is or is not on sale, for the admin (docs/plugins.md). `on_sale` is the storefront's and
// checkout's own rule (`isPurchasable` with `qualifyingRelease`); the reasons only explain it. Pure and
// without zod, like common/pricing.ts.

export interface SaleStatus {
  on_sale: boolean;
  /** Readable reasons the plugin is not on sale; empty when it is. */
  reasons: string[];
}

export interface SaleStatusPlugin extends PriceablePlugin {
  slug: string;
  active: boolean;
  retired_at: string | null;
}

/** What stops a release from counting, when none qualifies. */
function releaseReasons(releases: readonly ReleaseLike[], minimumVersion: string): string[] {
  if (releases.length === 0) return ['no release'];
  const newest = releases.reduce((best, release) => (compareVersions(release.version, best.version) > 0 ? release : best));
  const reasons = newest.withdrawn_at ? [`newest release ${newest.version} is withdrawn`] : [];
  // Every release withdrawn (the newest then is too), or the newest one still offered is below the minimum.
  const offered = latestRelease(releases);
  if (!offered) return reasons;
  const label = offered === newest ? `newest release ${offered.version}` : `release ${offered.version}, the newest still offered,`;
  return [...reasons, `${label} is below the minimum release version ${minimumVersion} (Settings)`];
}

/**
 * The sale status of one plugin from its releases (withdrawn ones included) and the minimum release version.
 * Reasons name every obstacle at once, so the vendor fixes them in one pass.
 */
export function saleStatus(plugin: SaleStatusPlugin, releases: readonly ReleaseLike[], minimumVersion: string): SaleStatus {
  const own = releases.filter((release) => release.plugin_slug === plugin.slug);
  const qualifying = qualifyingRelease(own, plugin.slug, minimumVersion);
  const reasons: string[] = [];
  if (plugin.retired_at) reasons.push('retired');
  else if (!plugin.active) reasons.push('inactive');
  if (!plugin.pricing_active) reasons.push('pricing not active');
  // A price counts whatever the pricing switch says, so the two reasons stay separate.
  if (effectivePriceMinor({ ...plugin, pricing_active: true }) === null) reasons.push('no price set');
  if (!qualifying) reasons.push(...releaseReasons(own, minimumVersion));
  return { on_sale: isPurchasable(plugin, qualifying !== null), reasons };
}
