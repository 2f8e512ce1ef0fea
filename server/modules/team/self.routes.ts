// What every signed-in person manages of their own (docs/team.md): sessions (the owner: anyone's) and
// two-factor sign-in with an authenticator app and recovery codes.
import { z } from 'zod';
import { idField } from '../../../common/ids.js';
import { recoveryCodesResponseSchema, sessionsResponseSchema, totpConfirmSchema, totpSetupResponseSchema } from '../../../common/team.js';
import type { App, AppContext } from '../../kernel/context.js';
import { adminPrincipal, type AdminPrincipal } from '../../http/admin-guard.js';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import * as repo from './team.repository.js';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, requiresTwoFactor, totpFor, totpMatches } from './team.service.js';
import { emailBrand } from '../storefront/index.js';
import { unitOfWork } from '../../kernel/events.js';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.js';

const success = z.object({ success: z.boolean() });

function person(request: FastifyRequest): Exclude<AdminPrincipal, { kind: 'api-key' }> {
  const principal = adminPrincipal(request);
  if (!principal || principal.kind === 'api-key') throw new AppError('FORBIDDEN', 'Sessions and two-factor sign-in belong to people, not API keys');
  return principal;
}

function member(request: FastifyRequest): number {
  const principal = person(request);
  if (principal.kind !== 'member')
    throw new AppError('BAD_REQUEST', 'The owner signs in with the password alone (the specification’s login); two factors are for staff members');
  return principal.memberId;
}

export function registerSelfRoutes(app: App, ctx: AppContext): void {
  const self = { permission: 'self:manage' as const };

  app.get('/api/admin/sessions', { config: self, schema: { response: { 200: sessionsResponseSchema } } }, async (request) => {
    const principal = person(request);
    // The owner sees everyone's; a member their own.
    const rows = await ctx.auth.listSessions(principal.kind === 'owner' ? undefined : principal.memberId);
    const emails = new Map((await repo.listMembers(ctx.db)).map((row) => [row.id, row.email]));
    return {
      sessions: rows.map((row) => ({
        ...row,
        who: row.member_id === null ? 'Owner' : (emails.get(row.member_id) ?? 'Removed member'),
        current: row.id === principal.sessionId,
      })),
    };
  });

  app.delete('/api/admin/sessions/:id', { config: self, schema: { params: z.object({ id: idField('id') }), response: { 200: success } } }, async (request) => {
    const principal = person(request);
    const ended = await ctx.auth.endSession(request.params.id, principal.kind === 'owner' ? undefined : principal.memberId);
    if (!ended) throw new AppError('NOT_FOUND', `Session ${request.params.id} was not found among yours`);
    return { success: true };
  });

  // Step 1: a new secret, kept unconfirmed until a code from the app proves it was scanned.
  app.post('/api/admin/me/totp', { config: self, schema: { response: { 200: totpSetupResponseSchema } } }, async (request) => {
    const id = member(request);
    const row = await repo.findMemberById(ctx.db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Member not found');
    if (row.totp_enabled === 1) throw new AppError('CONFLICT', 'Two-factor sign-in is already on; turn it off first to change the app');
    const secret = newTotpSecret();
    await repo.updateMember(ctx.db, id, { totp_secret: sealTotpSecret(ctx, secret) }, nowIso());
    return { secret, uri: totpFor(secret, row.email, emailBrand(ctx.settings).storeName).toString() };
  });

  // Step 2: the code proves the app has the secret; answers the recovery codes, shown this once.
  app.post(
    '/api/admin/me/totp/confirm',
    { config: self, schema: { body: totpConfirmSchema, response: { 200: recoveryCodesResponseSchema } } },
    async (request) => {
      const id = member(request);
      const row = await repo.findMemberById(ctx.db, id);
      const secret = row?.totp_secret && row.totp_enabled !== 1 ? await openTotpSecret(ctx, id, row.totp_secret) : null;
      if (!secret) throw new AppError('BAD_REQUEST', 'Start the set-up first');
      if (!totpMatches(secret, request.body.code))
        throw new AppError('BAD_REQUEST', 'The code is not correct: check the app’s clock and enter the current code');
      const codes = newRecoveryCodes();
      await unitOfWork(ctx, async ({ trx }) => {
        await repo.updateMember(trx, id, { totp_enabled: 1 }, nowIso());
        await repo.replaceRecoveryCodes(trx, id, codes.map(recoveryCodeHash));
      });
      return { recovery_codes: codes };
    },
  );

  app.post('/api/admin/me/recovery-codes', { config: self, schema: { response: { 200: recoveryCodesResponseSchema } } }, async (request) => {
    const id = member(request);
    const row = await repo.findMemberById(ctx.db, id);
    if (row?.totp_enabled !== 1) throw new AppError('BAD_REQUEST', 'Turn on two-factor sign-in first');
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(ctx.db, id, codes.map(recoveryCodeHash));
    return { recovery_codes: codes };
  });

  app.delete('/api/admin/me/totp', { config: self, schema: { response: { 200: success } } }, async (request) => {
    const id = member(request);
    if (await requiresTwoFactor(ctx.db)) throw new AppError('BAD_REQUEST', 'The shop owner requires two-factor sign-in for everyone');
    await unitOfWork(ctx, async ({ trx }) => {
      await repo.updateMember(trx, id, { totp_enabled: 0, totp_secret: null }, nowIso());
      await repo.replaceRecoveryCodes(trx, id, []);
    });
    return { success: true };
  });
}
