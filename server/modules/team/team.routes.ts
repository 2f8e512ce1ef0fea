// Staff accounts and sign-in (docs/team.md). The owner's login (/api/auth/login) is the specification's and
// stays as it is; staff sign in through /api/auth/staff-login, the login screen's second mode.
import { z } from 'zod';
import { idField } from '../../../common/ids.js';
import { PERMISSION_NAMES, roleAllows } from '../../../common/permissions.js';
import {
  acceptInviteSchema,
  changeRoleSchema,
  enrolSchema,
  totpSetupResponseSchema,
  inviteMemberSchema,
  meResponseSchema,
  secondFactorSchema,
  staffLoginResponseSchema,
  staffLoginSchema,
  teamMemberSchema,
  teamPolicySchema,
  teamResponseSchema,
} from '../../../common/team.js';
import type { App, AppContext } from '../../kernel/context.js';
import { adminPrincipal, SESSION_COOKIE } from '../../http/admin-guard.js';
import { rateLimit } from '../../http/rate-limit.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './team.repository.js';
import { registerSelfRoutes } from './self.routes.js';
import { registerApiKeyRoutes } from './api-keys.routes.js';
import { registerPasskeyRoutes } from './passkeys.routes.js';
import { countPasskeys, membersWithPasskeys } from './passkeys.repository.js';
import { registerOwnershipRoutes } from './ownership.js';
import {
  acceptInvite,
  changeMemberRole,
  inviteMember,
  removeMember,
  REQUIRE_TWO_FACTOR_KEY,
  requiresTwoFactor,
  staffPasswordStep,
  staffEnrolStep,
  staffSecondFactorStep,
  toTeamMember,
} from './team.service.js';

const idParams = z.object({ id: idField('id') });
const success = z.object({ success: z.boolean() });

export function registerTeamRoutes(app: App, ctx: AppContext): void {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.NODE_ENV === 'production' && (ctx.config.BASE_URL ?? '').startsWith('https://'),
  };
  // Per address and per account, counted in Redis when REDIS_URL is set, so every instance shares them.
  const perAddress = rateLimit({ name: 'staff-login', max: ctx.config.LOGIN_ATTEMPTS_PER_MINUTE });
  const perAccount = rateLimit({
    name: 'staff-login-account',
    max: ctx.config.LOGIN_ATTEMPTS_PER_MINUTE,
    key: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? `account:${email.trim().toLowerCase()}` : undefined;
    },
  });
  const perChallenge = rateLimit({ name: 'staff-second-factor', max: ctx.config.LOGIN_ATTEMPTS_PER_MINUTE });
  const origin = (request: { clientAddress: string; headers: { 'user-agent'?: string } }) => ({
    ip: request.clientAddress,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/auth/staff-login',
    {
      onRequest: perAddress,
      preHandler: perAccount,
      schema: { body: staffLoginSchema, response: { 200: staffLoginResponseSchema, 401: staffLoginResponseSchema } },
    },
    async (request, reply) => {
      try {
        const { token, ...answer } = await staffPasswordStep(ctx, request.body.email, request.body.password, origin(request));
        if (token && answer.expiresAt) reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: new Date(answer.expiresAt) });
        return answer;
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') return reply.code(401).send({ success: false, message: error.message });
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/staff-login/second-factor',
    { onRequest: perChallenge, schema: { body: secondFactorSchema, response: { 200: staffLoginResponseSchema, 401: staffLoginResponseSchema } } },
    async (request, reply) => {
      try {
        const session = await staffSecondFactorStep(ctx, request.body.challenge, request.body.code, origin(request));
        reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: new Date(session.expiresAt) });
        return {
          success: true,
          message: 'Login successful',
          expiresAt: session.expiresAt,
          ...(session.recoveryCodes ? { recovery_codes: session.recoveryCodes } : {}),
        };
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') return reply.code(401).send({ success: false, message: error.message });
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/staff-login/enrol',
    { onRequest: perChallenge, schema: { body: enrolSchema, response: { 200: totpSetupResponseSchema } } },
    async (request) => staffEnrolStep(ctx, request.body.challenge),
  );

  app.post(
    '/api/team/accept',
    {
      onRequest: rateLimit({ name: 'team-accept', max: 20 }),
      schema: { body: acceptInviteSchema, response: { 200: z.object({ success: z.boolean(), email: z.string() }) } },
    },
    async (request) => ({ success: true, ...(await acceptInvite(ctx, request.body.token, request.body.password)) }),
  );

  app.get('/api/admin/me', { config: { permission: 'self:manage' }, schema: { response: { 200: meResponseSchema } } }, async (request) => {
    const principal = adminPrincipal(request);
    if (!principal || principal.kind === 'api-key') throw new AppError('FORBIDDEN', 'An API key has no profile');
    const member = principal.kind === 'member' ? await repo.findMemberById(ctx.db, principal.memberId) : undefined;
    return {
      role: principal.role,
      email: member?.email ?? null,
      member_id: member?.id ?? null,
      permissions: PERMISSION_NAMES.filter((permission) => roleAllows(principal.role, permission)),
      two_factor: member?.totp_enabled === 1 || (await countPasskeys(ctx.db, member?.id ?? null)) > 0,
    };
  });

  app.get('/api/admin/team', { config: { permission: 'team:manage' }, schema: { response: { 200: teamResponseSchema } } }, async () => {
    // Two factors: an authenticator app or a passkey.
    const withPasskey = await membersWithPasskeys(ctx.db);
    return {
      members: (await repo.listMembers(ctx.db)).map((row) => ({ ...toTeamMember(row), two_factor: row.totp_enabled === 1 || withPasskey.has(row.id) })),
      require_two_factor: await requiresTwoFactor(ctx.db),
    };
  });

  app.post(
    '/api/admin/team/invitations',
    { config: { permission: 'team:manage' }, schema: { body: inviteMemberSchema, response: { 201: teamMemberSchema } } },
    async (request, reply) => reply.code(201).send(await inviteMember(ctx, request.body.email, request.body.role)),
  );

  app.patch(
    '/api/admin/team/:id',
    { config: { permission: 'team:manage' }, schema: { params: idParams, body: changeRoleSchema, response: { 200: teamMemberSchema } } },
    async (request) => changeMemberRole(ctx.db, request.params.id, request.body.role),
  );

  app.delete('/api/admin/team/:id', { config: { permission: 'team:manage' }, schema: { params: idParams, response: { 200: success } } }, async (request) => {
    await removeMember(ctx, request.params.id);
    return { success: true };
  });

  app.put(
    '/api/admin/team/policy',
    { config: { permission: 'team:manage' }, schema: { body: teamPolicySchema, response: { 200: teamPolicySchema } } },
    async (request) => {
      await ctx.settings.setInternal({ [REQUIRE_TWO_FACTOR_KEY]: request.body.require_two_factor });
      return { require_two_factor: request.body.require_two_factor };
    },
  );

  registerSelfRoutes(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerOwnershipRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx, async (reply, request, memberId) => {
    const session = await ctx.auth.openSession(memberId, origin(request));
    reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: new Date(session.expiresAt) });
    return session;
  });
}
