import { matchWebRoute, type PublicPage } from './web-routes.js';
import { licenceWord, type Spelling } from './store-terms.js';

// What a page tells search engines and link previews (docs/storefront.md, "Search engines and sharing"):
// the server writes it into index.html (server/http/page-meta.ts) and the web app keeps it in sync on
// navigation (web/lib/page-meta.ts), both from here, so the two never disagree.

/** The product name of docs/product-spec.md section 2: admin page titles are "{page} - Licensing", "Licensing Admin Dashboard" by default. */
export const PRODUCT_NAME = 'Licensing';
export const DEFAULT_TITLE = `${PRODUCT_NAME} Admin Dashboard`;
/** The description of pages that have none of their own, when the store has no tagline either. */
export const DEFAULT_DESCRIPTION = 'WordPress plugins for your site.';

/**
 * A page's title: the page name followed by the product name (docs/product-spec.md section 2). On the storefront
 * the product a buyer sees is the vendor's store, so its pages pass the store name (docs/storefront.md).
 */
export const pageTitle = (page: string | undefined, siteName: string = PRODUCT_NAME): string =>
  page ? `${page} - ${siteName}` : siteName === PRODUCT_NAME ? DEFAULT_TITLE : siteName;

/** What the public pages' texts are made of: the store identity's name and tagline (common/store-identity.ts). */
export interface StoreTexts {
  store_name: string;
  tagline: string;
  /** The buyer-facing spelling (common/store-terms.ts); British when not given. */
  spelling?: Spelling;
}

/**
 * Name and description of the public pages whose texts do not depend on a plugin (the plugin page takes the
 * plugin's). A page without an entry gets the default title and description (it sets its own once rendered).
 */
export function publicPageMeta(page: PublicPage, store: StoreTexts): { name: string; description: string } | undefined {
  const tagline = store.tagline || DEFAULT_DESCRIPTION;
  switch (page) {
    case 'landing':
      return { name: 'Home', description: tagline };
    case 'catalog':
      return { name: 'Catalog', description: `Browse the WordPress plugins of ${store.store_name}.` };
    case 'about':
      return { name: 'About', description: `About ${store.store_name}: ${tagline}` };
    case 'support':
      return { name: 'Support', description: 'Get help with your plugin: e-mail support, documentation and licensing help.' };
    case 'documentation':
      return { name: 'Documentation', description: 'Getting started: install, activate and configure your plugin.' };
    case 'privacy':
      return { name: 'Privacy Policy', description: `How ${store.store_name} handles your data.` };
    case 'terms':
      return { name: 'Terms of Sale', description: `The terms of sale of ${store.store_name}.` };
    case 'refunds':
      return { name: 'Refund Policy', description: `The refund policy of ${store.store_name}.` };
    case 'checkout':
      return { name: 'Checkout', description: tagline };
    case 'renew':
      return { name: `Renew your ${licenceWord(store.spelling ?? 'british')}`, description: tagline };
    case 'purchaseSuccess':
      // Neutral: the server cannot know whether this browser paid (the page names itself once it knows).
      return { name: 'Your Order', description: tagline };
    default:
      return undefined;
  }
}

export const PLUGIN_NOT_FOUND = 'Plugin Not Found';
export const PAGE_NOT_FOUND = 'Page Not Found';

/**
 * The pages search engines may index (and the sitemap lists). Everything else (checkout, the purchase result,
 * admin pages, any page added later such as an account area, the 404 page) is `noindex` unless added here.
 */
const INDEXED_PAGES: ReadonlySet<PublicPage> = new Set<PublicPage>([
  'landing',
  'catalog',
  'about',
  'support',
  'documentation',
  'privacy',
  'terms',
  'refunds',
  'plugin',
]);

/** The static pages of the sitemap, by page (the plugin pages come from the catalogue). */
export const SITEMAP_PATHS = ['/', '/catalog', '/about', '/support', '/documentation', '/privacy', '/terms', '/refund-policy'] as const;

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
export function metaDescription(text: string | null | undefined, fallback: string = DEFAULT_DESCRIPTION): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean === '') return fallback;
  if (clean.length <= DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}
