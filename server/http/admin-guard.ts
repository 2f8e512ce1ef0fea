import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../kernel/context.js';
import { isAdminPath } from '../../common/admin-paths.js';
import { ROLE_LABELS, roleAllows, scopesAllow, type Permission, type Role } from '../../common/permissions.js';

export const SESSION_COOKIE = 'pls_session';

// The admin-only paths (ADMIN_PATH_PREFIXES, ADMIN_PATHS) are listed in common/admin-paths.ts, shared with the web client.
export { ADMIN_PATH_PREFIXES, ADMIN_PATHS, isAdminPath } from '../../common/admin-paths.js';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What an admin route needs (common/permissions.ts); a route without one is the owner's alone. */
    permission?: Permission;
    /** `false`: the audit log keeps who, when and where of this write but not what it read or changed (a customer's erase). */
    auditContent?: false;
  }
}

/** Who made an admin request: the owner, a staff member (by session) or an API key. */
export type AdminPrincipal =
  | { kind: 'owner'; role: 'owner'; sessionId: number | null; label: string }
  | { kind: 'member'; role: Role; memberId: number; sessionId: number; label: string }
  | { kind: 'api-key'; role: null; apiKeyId: number; scopes: string[]; label: string };

const principals = new WeakMap<FastifyRequest, AdminPrincipal>();

/** The principal the guard admitted for this request (undefined outside admin routes). */
export const adminPrincipal = (request: FastifyRequest): AdminPrincipal | undefined => principals.get(request);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AdminPrincipal | null> {
  const bearer = bearerToken(request);
  if (bearer !== undefined) {
    const key = await ctx.team.verifyApiKey(bearer);
    if (key) return { kind: 'api-key', role: null, apiKeyId: key.id, scopes: key.scopes, label: `API key ${key.name} (${key.prefix})` };
    // The Settings page's API token: the owner's full token, as before staff and keys existed.
    if (await ctx.auth.verifyApiToken(bearer)) return { kind: 'owner', role: 'owner', sessionId: null, label: 'Owner (API token)' };
    return null;
  }
  const session = await ctx.auth.findSession(request.cookies[SESSION_COOKIE]);
  if (!session) return null;
  if (session.memberId === null) return { kind: 'owner', role: 'owner', sessionId: session.id, label: 'Owner' };
  const member = await ctx.team.findMember(session.memberId);
  if (!member) return null;
  return { kind: 'member', role: member.role, memberId: member.id, sessionId: session.id, label: member.email };
}

function allows(principal: AdminPrincipal, permission: Permission | undefined): boolean {
  if (principal.kind === 'owner') return true;
  // A route that declares nothing is the owner's alone (a test fails on any such route: server/modules/team).
  if (!permission) return false;
  return principal.kind === 'api-key' ? scopesAllow(principal.scopes, permission) : roleAllows(principal.role, permission);
}

/**
 * Attaches the guard to every route registered after this call whose path is under an admin prefix (the
 * way @fastify/rate-limit attaches its hook), so public routes, the busiest being licence validation,
 * pay nothing for it. Each route's `config.permission` is checked against the permission table
 * (common/permissions.ts): 401 for no valid credentials, 403 for credentials whose role or scopes lack it.
 */
export function registerAdminGuard(app: App, ctx: AppContext): void {
  const guardFor = (permission: Permission | undefined) => async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = bearerToken(request);
    const principal = await authenticate(ctx, request);
    if (!principal) {
      const message = bearer !== undefined ? 'The API token is not valid' : 'Sign in or send a valid API token';
      return reply.code(401).send({ error: 'UNAUTHORIZED', message });
    }
    // A cross-site form can't set this header, so cookie-authenticated mutations must carry it.
    if (bearer === undefined && !SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ error: 'FORBIDDEN', message: 'Missing X-Requested-With: XMLHttpRequest header' });
    }
    if (!allows(principal, permission)) {
      const who = principal.kind === 'api-key' ? 'This API key’s scopes do' : `Your role (${ROLE_LABELS[principal.role]}) does`;
      const message = `${who} not include ${permission ?? 'this owner-only action'}; ask the shop owner for access.`;
      return reply.code(403).send({ error: 'FORBIDDEN', message });
    }
    principals.set(request, principal);
  };
  app.addHook('onRoute', (route) => {
    if (!isAdminPath(route.url)) return;
    route.onRequest = [guardFor(route.config?.permission), ...[route.onRequest ?? []].flat()];
    // Every admin write goes to the audit log (server/modules/audit), with what it changed.
    if (![route.method].flat().every((method) => SAFE_METHODS.has(method))) ctx.audit.attach(route);
  });
}
