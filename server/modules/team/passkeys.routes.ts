// Passkeys (docs/team.md): a member's (or the owner's) own list in their security settings, and the sign-in screen's two uses, as
// the second factor after the password and alone (passwordless, the "Staff sign-in" mode's "Sign in with a passkey").
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { idField } from '../../../common/ids.js';
import {
  addPasskeySchema,
  passkeyOptionsSchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  passkeySummarySchema,
  passkeysResponseSchema,
} from '../../../common/passkeys.js';
import { staffLoginResponseSchema } from '../../../common/team.js';
import type { App, AppContext } from '../../kernel/context.js';
import { adminPrincipal } from '../../http/admin-guard.js';
import { rateLimit } from '../../http/rate-limit.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { sha256Hex } from '../../lib/crypto.js';
import * as repo from './team.repository.js';
import { countPasskeys, deletePasskey } from './passkeys.repository.js';
import { isOwnerPasswordStep, listHolderPasskeys, registerPasskey, registrationOptions, signInOptions, verifySignIn, type Holder } from './passkeys.service.js';
import { requiresTwoFactor } from './team.service.js';

/** Whose passkeys a request manages: the signed-in member's, or the owner's (signed in, not the API token). */
function holder(request: FastifyRequest): Holder {
  const principal = adminPrincipal(request);
  if (principal?.kind === 'member') return principal.memberId;
  if (principal?.kind === 'owner' && principal.sessionId !== null) return 'owner';
  throw new AppError('FORBIDDEN', 'Passkeys belong to people signed in, not API keys');
}

/** Opens a session for a member (their id) or the owner (null) and sets its cookie. */
export type OpenSession = (reply: FastifyReply, request: FastifyRequest, memberId: number | null) => Promise<{ expiresAt: string }>;

export function registerPasskeyRoutes(app: App, ctx: AppContext, openSession: OpenSession): void {
  const self = { permission: 'self:manage' as const };
  const idParams = z.object({ id: idField('id') });

  app.get('/api/admin/me/passkeys', { config: self, schema: { response: { 200: passkeysResponseSchema } } }, async (request) => ({
    passkeys: await listHolderPasskeys(ctx, holder(request)),
  }));

  app.post('/api/admin/me/passkeys/options', { config: self, schema: { response: { 200: passkeyOptionsSchema } } }, async (request) => ({
    options: { ...(await registrationOptions(ctx, holder(request))) },
  }));

  app.post('/api/admin/me/passkeys', { config: self, schema: { body: addPasskeySchema, response: { 201: passkeySummarySchema } } }, async (request, reply) =>
    reply.code(201).send(await registerPasskey(ctx, holder(request), request.body.credential as RegistrationResponseJSON, request.body.name)),
  );

  app.delete(
    '/api/admin/me/passkeys/:id',
    { config: self, schema: { params: idParams, response: { 200: z.object({ success: z.boolean() }) } } },
    async (request) => {
      const who = holder(request);
      const id = who === 'owner' ? null : who;
      const row = id === null ? undefined : await repo.findMemberById(ctx.db, id);
      // A member's last second factor stays while the owner requires two factors.
      if (id !== null && row?.totp_enabled !== 1 && (await countPasskeys(ctx.db, id)) <= 1 && (await requiresTwoFactor(ctx.db)))
        throw new AppError('BAD_REQUEST', 'The shop owner requires two-factor sign-in: add another passkey or an authenticator app first');
      if (!(await deletePasskey(ctx.db, request.params.id, id))) throw new AppError('NOT_FOUND', `Passkey ${request.params.id} was not found among yours`);
      return { success: true };
    },
  );

  const perAddress = rateLimit({ name: 'staff-passkey', max: ctx.config.LOGIN_ATTEMPTS_PER_MINUTE });
  /** Whose password step the challenge is (a member's, or the owner's login), or null without one (passwordless). */
  const challengeHolder = async (challenge: string | undefined, take: boolean): Promise<Holder | null> => {
    if (challenge === undefined) return null;
    const now = nowIso();
    const id = take ? await repo.takeChallenge(ctx.db, sha256Hex(challenge), now) : await repo.peekChallenge(ctx.db, sha256Hex(challenge), now);
    if (id !== null) return id;
    if (await isOwnerPasswordStep(ctx, challenge, take)) return 'owner';
    throw new AppError('UNAUTHORIZED', 'The sign-in has expired; enter your password again');
  };
  const unauthorized = (reply: FastifyReply, error: unknown) => {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') return reply.code(401).send({ success: false, message: error.message });
    throw error;
  };

  app.post(
    '/api/auth/staff-login/passkey/options',
    { onRequest: perAddress, schema: { body: passkeySignInOptionsSchema, response: { 200: passkeyOptionsSchema } } },
    async (request) => ({ options: { ...(await signInOptions(ctx, await challengeHolder(request.body.challenge, false))) } }),
  );

  app.post(
    '/api/auth/staff-login/passkey',
    { onRequest: perAddress, schema: { body: passkeySignInSchema, response: { 200: staffLoginResponseSchema, 401: staffLoginResponseSchema } } },
    async (request, reply) => {
      try {
        const memberId = await verifySignIn(ctx, request.body.credential as AuthenticationResponseJSON, await challengeHolder(request.body.challenge, true));
        const member = memberId === null ? undefined : await repo.findMemberById(ctx.db, memberId);
        if (memberId !== null && !member?.password_hash) throw new AppError('UNAUTHORIZED', 'This passkey was not accepted; try again or use your password');
        const { expiresAt } = await openSession(reply, request, memberId);
        return { success: true, message: 'Login successful', expiresAt };
      } catch (error) {
        return unauthorized(reply, error);
      }
    },
  );
}
