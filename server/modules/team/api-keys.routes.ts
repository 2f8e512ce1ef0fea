// Scoped API keys for automation (docs/team.md "API keys"): shown once, stored as a SHA-256, last use recorded,
// expiry and revocation read from the database on every request, so a revoked key is refused at once everywhere.
import { z } from 'zod';
import { idField } from '../../../common/ids.js';
import { apiKeysResponseSchema, createApiKeySchema, createdApiKeySchema, type ApiKey } from '../../../common/team.js';
import type { App, AppContext } from '../../kernel/context.js';
import { adminPrincipal } from '../../http/admin-guard.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { insertApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.js';
import { API_KEY_PREFIX } from './team.service.js';

const toApiKey = (row: Awaited<ReturnType<typeof listApiKeys>>[number]): ApiKey => ({ ...row, scopes: JSON.parse(row.scopes) as string[] });

export function registerApiKeyRoutes(app: App, ctx: AppContext): void {
  const manage = { permission: 'api-keys:manage' as const };

  app.get('/api/admin/api-keys', { config: manage, schema: { response: { 200: apiKeysResponseSchema } } }, async () => ({
    keys: (await listApiKeys(ctx.db)).map(toApiKey),
  }));

  app.post('/api/admin/api-keys', { config: manage, schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } } }, async (request, reply) => {
    const at = nowIso();
    const expiresAt = request.body.expires_at ? new Date(request.body.expires_at).toISOString() : null;
    if (expiresAt !== null && expiresAt <= at) throw new AppError('BAD_REQUEST', 'expires_at must be in the future');
    const token = `${API_KEY_PREFIX}${randomToken()}`;
    const row = {
      name: request.body.name,
      prefix: token.slice(0, API_KEY_PREFIX.length + 6),
      token_hash: sha256Hex(token),
      scopes: JSON.stringify([...new Set(request.body.scopes)]),
      created_by: adminPrincipal(request)?.label ?? 'Owner',
      created_at: at,
      expires_at: expiresAt,
    };
    const id = await insertApiKey(ctx.db, row);
    const { token_hash: _hash, ...shown } = row;
    return reply.code(201).send({ ...shown, id, scopes: JSON.parse(row.scopes) as string[], last_used_at: null, revoked_at: null, token });
  });

  app.delete(
    '/api/admin/api-keys/:id',
    { config: manage, schema: { params: z.object({ id: idField('id') }), response: { 200: z.object({ success: z.boolean() }) } } },
    async (request) => {
      if (!(await revokeApiKey(ctx.db, request.params.id, nowIso())))
        throw new AppError('NOT_FOUND', `API key ${request.params.id} was not found or is already revoked`);
      return { success: true };
    },
  );
}
