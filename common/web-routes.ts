// The web app's pages, in one list read by its router (web/app/public-app.tsx, web/app/app.tsx) and by the
// server, which answers index.html with 404 when no page matches the path (server/http/web.ts).

/** Public pages by route pattern (wouter syntax): shown without login. */
export const PUBLIC_ROUTES = {
  '/': 'landing',
  '/home': 'landing',
  '/catalog': 'catalog',
  '/about': 'about',
  '/support': 'support',
  '/documentation': 'documentation',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/refund-policy': 'refunds',
  '/plugin/:slug': 'plugin',
  '/checkout/:slug': 'checkout',
  '/purchase/success': 'purchaseSuccess',
  // A licence's renewal and upgrade (docs/pricing.md): /renew?key=…, linked from e-mails, the account, the admin and the update check.
  '/renew': 'renew',
  // The customer's own area (docs/account.md, common/account.ts ACCOUNT_PAGES): signed in by an e-mailed link.
  '/account': 'account',
  '/account/sign-in': 'accountSignIn',
  '/account/sign-in/:token': 'accountSignInLink',
  '/account/orders/:orderId/receipt': 'accountReceipt',
} as const;
export type PublicPage = (typeof PUBLIC_ROUTES)[keyof typeof PUBLIC_ROUTES];

/** Any path under these is public (docs/product-spec.md section 2, routing rule), even one no page matches (its 404 page). */
export const PUBLIC_PREFIXES = ['/plugin/', '/checkout/', '/purchase/', '/public/', '/account/'] as const;

/** The admin pages behind the session (web/app/admin-app.tsx routes each, web/app/admin-nav.ts links them). */
export const ADMIN_PAGE_PATHS = [
  '/admin',
  '/dashboard',
  '/licenses',
  '/releases',
  '/plugin-settings',
  '/settings',
  '/postcode-testing',
  '/ecommerce-testing',
  '/orders',
  '/coupons',
  '/tax',
  '/customers',
  '/customers/:id',
  '/outbox',
  '/payments',
  '/email',
  '/plugins',
  '/plugins/:slug',
  '/wordpress-client',
  '/webhooks',
  '/storefront',
  '/import',
  '/reviews',
  // Staff (docs/team.md): the owner's Team page, and the invitation link's page (shown without a session).
  '/team',
  '/team/accept',
] as const;

const PUBLIC_PATHS = new Set<string>(Object.keys(PUBLIC_ROUTES).filter((pattern) => !pattern.includes(':')));

/** The routing rule: which paths render without waiting for the session. */
export const isPublicPath = (path: string): boolean => PUBLIC_PATHS.has(path) || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));

/** A pattern as wouter (regexparam) matches it: case-insensitive, optional trailing slash, `:name` one segment. */
const compile = (pattern: string): RegExp => new RegExp(`^${pattern.replace(/:\w+/g, '([^/]+?)').replace(/\/$/, '')}/?$`, 'i');

const publicMatchers = Object.entries(PUBLIC_ROUTES).map(([pattern, page]) => ({ page, regex: compile(pattern) }));
const adminMatchers = ADMIN_PAGE_PATHS.map((path) => compile(path));

export type WebRouteMatch = { page: PublicPage; slug?: string } | { page: 'admin' };

/**
 * Whether `path` shows the storefront (issue 40): a public path, or one that is neither public nor an admin page,
 * which answers the store's 404 page rather than the admin's login screen (a mistyped shop address such as /contact).
 */
export const showsStorefront = (path: string): boolean => isPublicPath(path) || matchWebRoute(path) === undefined;

/** The page the web app renders at `path` (no query string), or undefined where it shows its 404 or the login screen. */
export function matchWebRoute(path: string): WebRouteMatch | undefined {
  if (isPublicPath(path)) {
    for (const { page, regex } of publicMatchers) {
      const match = regex.exec(path);
      if (match) return match[1] === undefined ? { page } : { page, slug: match[1] };
    }
    return undefined;
  }
  return adminMatchers.some((regex) => regex.test(path)) ? { page: 'admin' } : undefined;
}
