import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../kernel/context.js';
import { isAdminPath } from '../../common/admin-paths.js';

export const SESSION_COOKIE = 'pls_session';

// The admin-only paths (ADMIN_PATH_PREFIXES, ADMIN_PATHS) are listed in common/admin-paths.ts, shared with the web client.
export { ADMIN_PATH_PREFIXES, ADMIN_PATHS, isAdminPath } from '../../common/admin-paths.js';
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
