// Which paths are admin-only: read by the server's guard (server/http/admin-guard.ts) and by the web client, which
// takes a 401 on one of them as the end of the admin session (web/lib/api.ts). One list, so the two never drift.

/**
 * Every path under these prefixes is admin-only. This is the one place that decides it, so a new admin
 * route is protected by default.
 */
export const ADMIN_PATH_PREFIXES = ['/api/admin/', '/api/postcode/admin/', '/api/ecommerce/', '/releases/'] as const;

/**
 * Admin-only paths outside those prefixes, kept where the specification put them. The postcode bulk test is
 * the admin Postcode Testing page's tool: public, one 115 KB request made an 8.4 MB answer and raised other
 * clients' validation latency from 4 to 592 ms (median).
 */
export const ADMIN_PATHS = ['/api/postcode/test-bulk'] as const;

export const isAdminPath = (url: string): boolean => {
  const path = url.split('?')[0] ?? url;
  return (ADMIN_PATHS as readonly string[]).includes(path) || ADMIN_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
};
