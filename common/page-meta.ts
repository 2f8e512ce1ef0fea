import { matchWebRoute, type PublicPage } from './web-routes.js';

// What a page tells search engines and link previews (docs/storefront.md, "Search engines and sharing"):
// the server writes it into index.html (server/http/page-meta.ts) and the web app keeps it in sync on
// navigation (web/lib/page-meta.ts), both from here, so the two never disagree.

/** The product name of docs/product-spec.md section 2: page titles are "{page} - Licensing", "Licensing Admin Dashboard" by default. */
export const PRODUCT_NAME = 'Licensing';
export const DEFAULT_TITLE = `${PRODUCT_NAME} Admin Dashboard`;
export const STORE_NAME = '8022 Plugins';
/** Where buyers write for help: the storefront pages and every e-mail show it. */
export const SUPPORT_EMAIL = 'support@8022.dev';
export const STORE_TAGLINE = 'Premium WordPress and WooCommerce plugins with one-time licences, lifetime updates and friendly support.';
export const DEFAULT_DESCRIPTION = STORE_TAGLINE;

export const pageTitle = (page: string | undefined): string => (page ? `${page} - ${PRODUCT_NAME}` : DEFAULT_TITLE);

/**
 * Name and description of the public pages whose texts do not depend on data (the plugin page takes the
 * plugin's). A page without an entry gets the default title and description (it sets its own once rendered).
 */
export const PUBLIC_PAGE_META: Partial<Record<PublicPage, { name: string; description: string }>> = {
  landing: { name: 'Home', description: STORE_TAGLINE },
  catalog: { name: 'Catalog', description: 'Browse premium WordPress and WooCommerce plugins.' },
  about: { name: 'About', description: `About ${STORE_NAME}: premium WordPress and WooCommerce plugins.` },
  support: { name: 'Support', description: 'Get help with your plugin: e-mail support, documentation and licensing help.' },
  documentation: { name: 'Documentation', description: 'Getting started: install, activate and configure your plugin.' },
  privacy: { name: 'Privacy Policy', description: `How ${STORE_NAME} handles your data.` },
  checkout: { name: 'Checkout', description: DEFAULT_DESCRIPTION },
  renew: { name: 'Renew your licence', description: DEFAULT_DESCRIPTION },
  // Neutral: the server cannot know whether this browser paid (the page names itself once it knows).
  purchaseSuccess: { name: 'Your Order', description: DEFAULT_DESCRIPTION },
};

export const PLUGIN_NOT_FOUND = 'Plugin Not Found';
export const PAGE_NOT_FOUND = 'Page Not Found';

/**
 * The pages search engines may index (and the sitemap lists). Everything else (checkout, the purchase result,
 * admin pages, any page added later such as an account area, the 404 page) is `noindex` unless added here.
 */
const INDEXED_PAGES: ReadonlySet<PublicPage> = new Set<PublicPage>(['landing', 'catalog', 'about', 'support', 'documentation', 'privacy', 'plugin']);

/** The static pages of the sitemap, by page (the plugin pages come from the catalogue). */
export const SITEMAP_PATHS = ['/', '/catalog', '/about', '/support', '/documentation', '/privacy'] as const;

export interface PageIdentity {
  /** The canonical path (no query, no trailing slash; `/home` is `/`), or null for a page that has none. */
  canonicalPath: string | null;
  indexable: boolean;
}

/** Canonical path and indexability of the page the web app renders at `path` (a decoded pathname). */
export function pageIdentity(path: string): PageIdentity {
  const match = matchWebRoute(path);
  if (!match || match.page === 'admin' || !INDEXED_PAGES.has(match.page)) return { canonicalPath: null, indexable: false };
  // Slugs are lowercase (PLUGIN_SLUG_PATTERN) while routes match any case: /plugin/Foo is the page of foo.
  if (match.page === 'plugin') return { canonicalPath: `/plugin/${(match.slug ?? '').toLowerCase()}`, indexable: true };
  if (match.page === 'landing') return { canonicalPath: '/', indexable: true };
  return { canonicalPath: `/${path.split('/')[1]?.toLowerCase() ?? ''}`, indexable: true };
}

/**
 * Search engines show about 155–160 characters of a description and cut the rest themselves; very long
 * vendor text is cut here (at a word) so the head stays small.
 */
const DESCRIPTION_MAX = 300;

/** A page's meta description: the text with its whitespace collapsed, cut to 300 characters; the default when blank. */
export function metaDescription(text: string | null | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean === '') return DEFAULT_DESCRIPTION;
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}
