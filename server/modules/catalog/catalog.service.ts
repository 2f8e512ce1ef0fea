import type { PublicPlugin, PublicPluginDetails } from '../../../common/catalog.js';
import type { PluginImage } from '../../../common/images.js';
import { renderMarkdown } from '../../../common/markdown.js';
import { AppError } from '../../lib/errors.js';
import type { PublicPrice } from '../../../common/prices.js';
import { downloadsLabel, roundRating } from '../../../common/reviews.js';
import { isWebAddress } from '../../../common/plugin-admin.js';
import { isPurchasable } from '../../../common/pricing.js';
import { qualifyingRelease, type ReleaseLike } from '../../../common/versions.js';
import { parseJsonList, toBool } from '../../db/portable.js';
import type { AppContext } from '../../kernel/context.js';
import { listPrimaryImages, listStorefrontArtwork, toPluginImage, type PluginArtworkPair } from '../images/index.js';
import { findPluginBySlug, listActivePlugins, parseFaq, toAdminPlugin, type PluginRow } from '../plugins/index.js';
import { listPluginChangelog, listReleaseVersions } from '../releases/index.js';
import { publicPricesBySlug } from '../prices/index.js';
import { countActiveInstalls } from '../licenses/index.js';
import { approvedReviewStats, type ReviewStats } from '../reviews/index.js';

/** What real data says of a plugin (docs/storefront.md, "Reviews and numbers"); absent parts fall back to its row. */
export interface PluginNumbers {
  reviews?: ReviewStats;
  activeInstalls?: number;
  /** Its icon and banner (images module), when it has either. */
  artwork?: PluginArtworkPair;
}

/** A link the storefront may show: rows written before the admin checked addresses may hold anything. */
const webLink = (value: string | null): string | null => (value && isWebAddress(value) ? value : null);

/** A plugin row, its releases and the `min_release_version` setting → what the storefront shows. */
export function toPublicPlugin(
  row: PluginRow,
  releases: ReleaseLike[],
  minimumVersion: string,
  primaryImage: PluginImage | null = null,
  prices: PublicPrice[] = [],
  numbers: PluginNumbers = {},
): PublicPlugin {
  const admin = toAdminPlugin(row);
  const release = qualifyingRelease(releases, row.slug, minimumVersion);
  const pricing = {
    active: admin.active,
    is_free: admin.is_free,
    pricing_active: admin.pricing_active,
    currency: admin.currency,
    price: admin.price,
    discount_price: admin.discount_price,
    price_display: admin.price_display,
    discount_display: admin.discount_display,
  };
  return {
    ...pricing,
    slug: row.slug,
    name: row.name,
    description: row.description,
    current_version: release?.version ?? row.current_version,
    category: row.category,
    // Approved reviews replace the row's stored numbers (the seeded demo's specification values) once there is one.
    rating: numbers.reviews && numbers.reviews.count > 0 ? roundRating(numbers.reviews.average) : Number(row.rating),
    review_count: numbers.reviews && numbers.reviews.count > 0 ? numbers.reviews.count : row.review_count,
    verified_rating: Boolean(numbers.reviews && numbers.reviews.count > 0),
    downloads_label: row.download_count > 0 ? downloadsLabel(row.download_count) : row.downloads_label ? `${row.downloads_label} downloads` : '',
    active_installs: numbers.activeInstalls ?? 0,
    is_popular: toBool(row.is_popular),
    is_featured: toBool(row.is_featured),
    features: parseJsonList(row.features),
    benefits: parseJsonList(row.benefits),
    requirements: parseJsonList(row.requirements),
    use_cases: parseJsonList(row.use_cases),
    requires_wp: row.requires_wp,
    tested_wp: row.tested_wp,
    requires_php: row.requires_php,
    long_description: row.long_description,
    author: row.author || null,
    documentation_url: webLink(row.documentation_url),
    homepage: webLink(row.homepage),
    release_version: release?.version ?? null,
    release_date: release?.created_at ?? null,
    // Checkout sells a tier (server/modules/prices/prices.service.ts resolveCheckoutTier): none active, nothing to buy.
    is_purchasable: isPurchasable(pricing, release !== null) && prices.length > 0,
    primary_image: primaryImage,
    icon: numbers.artwork?.icon ?? null,
    banner: numbers.artwork?.banner ?? null,
    prices,
  };
}

export function toPublicCatalog(
  rows: PluginRow[],
  releases: ReleaseLike[],
  minimumVersion: string,
  primaryImages: PluginImage[] = [],
  pricesBySlug: Map<string, PublicPrice[]> = new Map(),
  reviewsBySlug: Map<string, ReviewStats> = new Map(),
  installsBySlug: Map<string, number> = new Map(),
  artworkBySlug: Map<string, PluginArtworkPair> = new Map(),
): PublicPlugin[] {
  const imageBySlug = new Map(primaryImages.map((image) => [image.plugin_slug, image]));
  return rows.map((row) =>
    toPublicPlugin(row, releases, minimumVersion, imageBySlug.get(row.slug) ?? null, pricesBySlug.get(row.slug) ?? [], {
      reviews: reviewsBySlug.get(row.slug),
      activeInstalls: installsBySlug.get(row.slug),
      artwork: artworkBySlug.get(row.slug),
    }),
  );
}

/** The active plugins as the storefront shows them; the storefront's HTML carries the same list (the web-pages module). */
export async function loadPublicCatalog(ctx: AppContext): Promise<PublicPlugin[]> {
  const plugins = await listActivePlugins(ctx.db);
  const slugs = plugins.map((plugin) => plugin.slug);
  const [releases, images, prices, reviews, installs, artwork] = await Promise.all([
    listReleaseVersions(ctx.db, slugs),
    listPrimaryImages(ctx.db, slugs),
    publicPricesBySlug(ctx.db, slugs),
    approvedReviewStats(ctx.db, slugs),
    countActiveInstalls(ctx.db, slugs),
    listStorefrontArtwork(ctx.db, slugs),
  ]);
  // Read per request from the settings cache, so a new minimum applies without a restart.
  return toPublicCatalog(plugins, releases, ctx.settings.get('min_release_version'), images.map(toPluginImage), prices, reviews, installs, artwork);
}

/**
 * What only an active plugin's own page shows: its FAQ and the changelog of its releases' readmes, each entry
 * rendered by common/markdown.ts (raw HTML off, safe links only). An unknown or retired plugin is a 404.
 */
export async function loadPluginDetails(ctx: AppContext, slug: string): Promise<PublicPluginDetails> {
  const row = await findPluginBySlug(ctx.db, slug);
  if (!row || !toBool(row.active)) throw new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
  const changelog = await listPluginChangelog(ctx.db, slug);
  return {
    faq: parseFaq(row.faq),
    changelog: changelog.map((entry) => ({ version: entry.version, date: entry.date, html: renderMarkdown(entry.text) })),
  };
}
