import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../context.js';

export const SESSION_COOKIE = 'pls_session';

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

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Attaches the guard to every route registered after this call whose path is under an admin prefix (the
 * way @fastify/rate-limit attaches its hook), so public routes, the busiest being licence validation,
 * pay nothing for it.
 */
export function registerAdminGuard(app: App, ctx: AppContext): void {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      if (await ctx.auth.verifyApiToken(bearer)) return;
      return reply.code(401).send({ error: 'UNAUTHORIZED', message: 'The API token is not valid' });
    }
    const expiresAt = await ctx.auth.verifySession(request.cookies[SESSION_COOKIE]);
    if (!expiresAt) {
      return reply.code(401).send({ error: 'UNAUTHORIZED', message: 'Sign in or send a valid API token' });
    }
    // A cross-site form can't set this header, so cookie-authenticated mutations must carry it.
    if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ error: 'FORBIDDEN', message: 'Missing X-Requested-With: XMLHttpRequest header' });
    }
  };
  app.addHook('onRoute', (route) => {
    if (!isAdminPath(route.url)) return;
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}
