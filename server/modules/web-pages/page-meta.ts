import type { PublicPlugin } from '../../../common/catalog.js';
import { isArtworkType, type PluginImage } from '../../../common/images.js';
import {
  DEFAULT_TITLE,
  metaDescription,
  PAGE_NOT_FOUND,
  PLUGIN_NOT_FOUND,
  pageIdentity,
  pageTitle,
  publicPageMeta,
  SITEMAP_PATHS,
} from '../../../common/page-meta.js';
import { matchWebRoute, type PublicPage } from '../../../common/web-routes.js';
import type { AppContext } from '../../kernel/context.js';
import { loadPluginDetails, loadPublicCatalog } from '../catalog/index.js';
import { listImages } from '../images/index.js';
import { toPluginImage } from '../images/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import {
  checkoutConfigQueryKey,
  publicPluginDetailsQueryKey,
  publicPluginImagesQueryKey,
  publicPluginsQueryKey,
  storeIdentityQueryKey,
  storePageQueryKey,
} from '../../../common/public-queries.js';
import { checkoutConfig } from '../checkout/index.js';
import { getStorePage, storeIdentity } from '../storefront/index.js';
import { STORE_PAGE_SLUGS, type StorePageSlug } from '../../../common/store-pages.js';
import { faqPageJsonLd, organizationJsonLd, productJsonLd } from './structured-data.js';
import { escapeHtml } from '../../lib/html.js';

// The <head> of each page as the server sends it (docs/storefront.md, "Search engines and sharing"): title,
// description, canonical, robots and Open Graph tags present before any JavaScript runs, and the data of the
// first view inline, so the storefront renders without waiting for an API call (Lighthouse LCP).

/** A TanStack Query entry the web app seeds its cache with before the first render (web/lib/initial-data.ts). */
export type InitialQuery = [queryKey: unknown[], data: unknown];

export interface PageHead {
  status: 200 | 404;
  /** The public page the web app renders (its chunks are preloaded: page-preload.ts), null for others. */
  page: PublicPage | null;
  title: string;
  description: string;
  /** Absolute; null on pages search engines should not index. */
  canonicalUrl: string | null;
  ogType: 'website' | 'product';
  image: { url: string; alt: string } | null;
  /** og:site_name: the store's name. */
  siteName: string;
  /** schema.org objects written as application/ld+json (the store; on a plugin page its product too). */
  jsonLd: object[];
  initialData: InitialQuery[];
}

/** Pages that read the public catalogue as they render: it comes with the HTML instead of one call more. */
const CATALOGUE_PAGES: ReadonlySet<PublicPage> = new Set<PublicPage>(['landing', 'catalog', 'plugin', 'checkout', 'purchaseSuccess']);

const decodePath = (url: string): string => {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return decodeURI(pathname);
  } catch {
    return pathname; // as the web router does with a malformed escape
  }
};

/** A plugin's storefront gallery in display order, as getPluginImages (web) orders it: primary first. */
async function galleryImages(ctx: AppContext, slug: string): Promise<PluginImage[]> {
  const rows = await listImages(ctx.db, slug);
  return rows
    .filter((row) => !isArtworkType(row.type))
    .map(toPluginImage)
    .sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.sort_order - b.sort_order);
}

/**
 * Status, head and first-view data of the page the web app renders at `url`: 404 where it shows its 404 page
 * or "Plugin Not Found" (unknown or inactive plugin), or where checkout has no plugin at all.
 * `origin` is the base URL setting, else the request's origin (absolute URLs for canonical and og:*).
 */
export async function resolvePage(ctx: AppContext, url: string, origin: string): Promise<PageHead> {
  const path = decodePath(url);
  const match = matchWebRoute(path);
  const { canonicalPath } = pageIdentity(path);
  const identity = storeIdentity(ctx.settings);
  const storeName = identity.store_name;
  const description = metaDescription(identity.tagline);
  const head: PageHead = {
    status: 200,
    page: match && match.page !== 'admin' ? match.page : null,
    title: DEFAULT_TITLE,
    description,
    canonicalUrl: canonicalPath === null ? null : `${origin}${canonicalPath}`,
    ogType: 'website',
    image: null,
    siteName: storeName,
    jsonLd: [],
    initialData: [],
  };
  // The admin's pages and its login screen keep the specification's titles.
  if (match?.page === 'admin') return head;
  // A path no page matches (a mistyped shop address) is the store's 404 page, titled by the store (issue 40).
  if (!match) {
    head.initialData.push([[...checkoutConfigQueryKey], checkoutConfig(ctx)], [[...storeIdentityQueryKey], identity]);
    return { ...head, status: 404, title: pageTitle(PAGE_NOT_FOUND, storeName) };
  }
  head.jsonLd.push(organizationJsonLd(identity, origin));

  const catalog = CATALOGUE_PAGES.has(match.page) ? await loadPublicCatalog(ctx) : undefined;
  if (catalog) head.initialData.push([[...publicPluginsQueryKey], catalog]);
  // Every storefront page shows the TEST MODE bar while test payments are live: known at the first paint, so it never pushes the page down.
  head.initialData.push([[...checkoutConfigQueryKey], checkoutConfig(ctx)]);
  // The header, footer and hero show the store's name, logo and tagline from the first paint.
  head.initialData.push([[...storeIdentityQueryKey], identity]);

  // The vendor's text pages render from the HTML's data, with no call.
  const storePage = (STORE_PAGE_SLUGS as readonly string[]).includes(match.page) ? (match.page as StorePageSlug) : null;
  if (storePage) head.initialData.push([[...storePageQueryKey(storePage)], await getStorePage(ctx.db, storePage)]);

  if (match.page === 'plugin') {
    const slug = match.slug ?? '';
    // The plugin page shows active plugins only (the catalogue holds nothing else).
    const plugin: PublicPlugin | undefined = catalog?.find((candidate) => candidate.slug === slug);
    if (!plugin) return { ...head, status: 404, title: pageTitle(PLUGIN_NOT_FOUND, storeName), canonicalUrl: null };
    const [gallery, details] = await Promise.all([galleryImages(ctx, slug), loadPluginDetails(ctx, slug)]);
    head.initialData.push([[...publicPluginImagesQueryKey(slug)], gallery]);
    head.initialData.push([[...publicPluginDetailsQueryKey(slug)], details]);
    // The link preview: the primary gallery image, else the banner (its wide shape suits one).
    const image = plugin.primary_image
      ? { url: `${origin}${plugin.primary_image.url}`, alt: plugin.primary_image.caption || plugin.name }
      : plugin.banner
        ? { url: `${origin}${plugin.banner.url}`, alt: plugin.name }
        : null;
    const faqPage = faqPageJsonLd(details.faq);
    return {
      ...head,
      title: pageTitle(plugin.name, storeName),
      description: metaDescription(plugin.description, description),
      ogType: 'product',
      image,
      jsonLd: [...head.jsonLd, productJsonLd(plugin, identity, origin), ...(faqPage ? [faqPage] : [])],
    };
  }
  // Checkout of a plugin that exists but is inactive shows "not available" (200); an unknown slug is a 404.
  if (match.page === 'checkout' && !(await findPluginBySlug(ctx.db, match.slug ?? '')))
    return { ...head, status: 404, title: pageTitle(publicPageMeta('checkout', identity)?.name, storeName) };
  const meta = publicPageMeta(match.page, identity);
  return meta
    ? { ...head, title: pageTitle(meta.name, storeName), description: metaDescription(meta.description, description) }
    : { ...head, title: storeName };
}

/**
 * JSON inside <script type="application/json">: every `<` becomes \u003c, so vendor text holding
 * `</script>` or `<!--` cannot end the element; JSON.parse reads the escape back as `<`.
 */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The element the web app reads its first-view data from (web/lib/initial-data.ts). */
export const INITIAL_DATA_ID = 'initial-data';

/** The tags between index.html's page-meta markers, every value escaped; `preloads`: the page's chunk URLs. */
export function renderHead(head: PageHead, preloads: readonly string[] = []): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    // og:url only where there is a canonical address: other paths may hold tokens (an account sign-in link).
    ...(head.canonicalUrl ? [meta('property', 'og:url', head.canonicalUrl)] : []),
    ...(head.image ? [meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ];
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  for (const url of preloads) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(url)}" />`);
  if (head.initialData.length > 0) tags.push(`<script id="${INITIAL_DATA_ID}" type="application/json">${scriptJson(head.initialData)}</script>`);
  return tags.join('\n    ');
}

const MARKED_BLOCK = /<!--page-meta-->[\s\S]*?<!--\/page-meta-->/;

/** index.html with the block between `<!--page-meta-->` and `<!--/page-meta-->` replaced (before `</head>` without markers). */
export function injectHead(template: string, head: PageHead, preloads: readonly string[] = []): string {
  const block = `<!--page-meta-->\n    ${renderHead(head, preloads)}\n    <!--/page-meta-->`;
  // Functions as replacements: a `$&` in a plugin name must stay text, not a replacement pattern.
  if (MARKED_BLOCK.test(template)) return template.replace(MARKED_BLOCK, () => block);
  return template.includes('</head>') ? template.replace('</head>', () => `${block}\n  </head>`) : template;
}

const xmlEscape = escapeHtml;

/** sitemap.xml: the indexable static pages and every active plugin's page, as absolute URLs. */
export async function renderSitemap(ctx: AppContext, origin: string): Promise<string> {
  const catalog = await loadPublicCatalog(ctx);
  const urls = [...SITEMAP_PATHS.map((path) => `${origin}${path}`), ...catalog.map((plugin) => `${origin}/plugin/${encodeURIComponent(plugin.slug)}`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
