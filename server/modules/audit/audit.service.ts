// The audit log of every admin write (issue 42, docs/team.md "Audit log"): who, when, from where, which route, and
// what changed. Before and after are the resource as its own GET route answers it (the same URL, or the nearest
// parent ending in an id), read with the caller's credentials just before and after the write; where no such route
// exists, after is the write's answer. Secrets are masked. Entries are chained by hash (audit.repository.ts).
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../../kernel/context.js';
import { adminPrincipal } from '../../http/admin-guard.js';
import { redactSecrets } from '../../lib/redact.js';
import { nowIso } from '../../lib/time.js';
import { readSetting } from '../settings/index.js';
import { appendEntry, contentHash, entriesAfter, entryHash, readHead } from './audit.repository.js';

export const AUDIT_RETENTION_KEY = 'audit_retention_days';
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
/** Stored JSON per field at most; a longer value is cut and marked. */
const MAX_STORED = 64 * 1024;
const SECRET_NAME = /pass(word)?|secret|token|private|hash|credential|signature|api_?key|recovery|totp|challenge|clientdatajson/i;
const MASK = '••••••';

/** A copy with secret-named fields masked and every string passed through the log redaction (licence keys keep a prefix). */
export function maskSecrets(value: unknown): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_NAME.test(key) && inner !== null && inner !== '' ? MASK : maskSecrets(inner)]),
    );
  }
  return value;
}

const stored = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(maskSecrets(value));
  return text.length > MAX_STORED ? JSON.stringify({ truncated: true, start: text.slice(0, MAX_STORED) }) : text;
};

const parseJson = (payload: unknown): unknown => {
  if (typeof payload !== 'string' || payload.length > 4 * MAX_STORED) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
};

/** The concrete URL of the resource a write changes, read by its GET route; null when it has none. */
function resourceUrl(request: FastifyRequest): string | null {
  const pattern = request.routeOptions.url ?? '';
  const patternParts = pattern.split('/');
  const urlParts = (request.url.split('?')[0] ?? '').split('/');
  if (patternParts.length !== urlParts.length) return null;
  for (let length = patternParts.length; length > 3; length--) {
    const candidate = patternParts.slice(0, length).join('/');
    const last = patternParts[length - 1] ?? '';
    // The URL itself for PUT, PATCH and DELETE; otherwise a parent ending in an id (never a whole list).
    const fits = length === patternParts.length ? request.method !== 'POST' || last.startsWith(':') : last.startsWith(':');
    if (fits && request.server.hasRoute({ method: 'GET', url: candidate })) return urlParts.slice(0, length).join('/');
  }
  return null;
}

interface Pending {
  resource: string | null;
  before: unknown;
}

export class AuditService {
  private readonly pending = new WeakMap<FastifyRequest, Pending>();

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'log'>) {}

  private async read(request: FastifyRequest, url: string | null): Promise<unknown> {
    if (!url) return undefined;
    const headers: Record<string, string> = {};
    for (const name of ['cookie', 'authorization', 'x-requested-with'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await request.server.inject({ method: 'GET', url, headers, remoteAddress: request.clientAddress });
    return response.statusCode === 200 ? parseJson(response.body) : undefined;
  }

  /** Adds the audit hooks to an admin write route (the guard calls it for each, after its own). */
  attach(route: RouteOptions): void {
    const before = async (request: FastifyRequest) => {
      // A route that keeps its content out of the log (an erase) is not read before or after.
      const resource = request.routeOptions.config.auditContent === false ? null : resourceUrl(request);
      // A failed read leaves `before` empty; it never stops the write.
      const snapshot = await this.read(request, resource).catch((error: unknown) => {
        this.ctx.log.warn({ err: error, url: request.url }, 'the audit log could not read the resource before a write');
        return undefined;
      });
      this.pending.set(request, { resource, before: snapshot });
    };
    // Stored before the answer leaves, so a client that has its answer finds the entry.
    const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const actor = adminPrincipal(request);
      const pending = this.pending.get(request);
      // Refused by the guard (no actor) or before the handler: nothing was written.
      if (!actor || !pending) return payload;
      this.pending.delete(request);
      try {
        const withContent = request.routeOptions.config.auditContent !== false;
        const answer = withContent && String(reply.getHeader('content-type') ?? '').includes('json') ? parseJson(payload) : undefined;
        const after = reply.statusCode < 400 ? ((await this.read(request, pending.resource)) ?? answer) : answer;
        const retention = await readSetting(this.ctx.db, AUDIT_RETENTION_KEY);
        const days = typeof retention === 'number' && retention > 0 ? retention : DEFAULT_AUDIT_RETENTION_DAYS;
        await appendEntry(
          this.ctx.db,
          {
            at: nowIso(),
            actor_kind: actor.kind,
            actor_id: actor.kind === 'member' ? actor.memberId : actor.kind === 'api-key' ? actor.apiKeyId : null,
            actor: actor.label,
            ip: request.clientAddress,
            method: request.method,
            route: request.routeOptions.url ?? '',
            url: redactSecrets(request.url).slice(0, 2000),
            status: reply.statusCode,
            request: stored(String(request.headers['content-type'] ?? '').startsWith('multipart/') ? undefined : request.body),
            before: stored(pending.before),
            after: stored(after),
          },
          new Date(Date.now() - days * 86_400_000).toISOString(),
        );
      } catch (error) {
        this.ctx.log.error({ err: error, url: request.url }, 'the audit entry of an admin write could not be stored');
      }
      return payload;
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), before];
    route.onSend = [...[route.onSend ?? []].flat(), record];
  }

  /** Walks the chain: every entry's hash, its link to the one before, and the head (a removed last entry). */
  async verify(): Promise<{ valid: boolean; checked: number; problem: string | null; entry_id: number | null }> {
    const head = await readHead(this.ctx.db);
    let expected = head.pruned_hash;
    let checked = 0;
    let lastId = 0;
    for (;;) {
      const page = await entriesAfter(this.ctx.db, lastId, 1000);
      for (const entry of page) {
        if (entry.prev_hash !== expected) return { valid: false, checked, problem: `An entry before ${entry.id} was removed or changed`, entry_id: entry.id };
        const edited = entryHash(entry.prev_hash, entry) !== entry.hash || (entry.redacted_at === null && contentHash(entry) !== entry.content_hash);
        if (edited) return { valid: false, checked, problem: `Entry ${entry.id} was edited`, entry_id: entry.id };
        expected = entry.hash;
        lastId = entry.id;
        checked += 1;
      }
      if (page.length < 1000) break;
    }
    if (expected !== head.last_hash || (checked > 0 && lastId !== head.last_id)) {
      return { valid: false, checked, problem: `The last entry (${head.last_id}) was removed`, entry_id: head.last_id };
    }
    return { valid: true, checked, problem: null, entry_id: null };
  }
}
