import { z } from 'zod';
import { loginRequestSchema, loginResponseSchema, verifyResponseSchema } from '../../../common/auth.js';
import { passwordChangeSchema } from '../../../common/settings.js';
import type { App, AppContext } from '../../kernel/context.js';
import { SESSION_COOKIE } from '../../http/admin-guard.js';
import { rateLimit } from '../../http/rate-limit.js';
import { AppError } from '../../lib/errors.js';

export function registerAuthRoutes(app: App, ctx: AppContext): void {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: ctx.config.NODE_ENV === 'production' && (ctx.config.BASE_URL ?? '').startsWith('https://'),
  };

  app.post(
    '/api/auth/login',
    {
      onRequest: rateLimit({ name: 'login', max: ctx.config.LOGIN_ATTEMPTS_PER_MINUTE }),
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, 401: loginResponseSchema } },
    },
    async (request, reply) => {
      try {
        if (!(await ctx.auth.checkPassword(request.body.password))) throw new AppError('UNAUTHORIZED', 'Invalid password');
        // An owner who added a passkey confirms with it (docs/team.md); without one the password alone signs in.
        const challenge = await ctx.team.ownerSecondFactor();
        if (challenge) return { success: false, message: 'Confirm with your passkey', challenge, second_factor: 'passkey' as const };
        const { token, expiresAt } = await ctx.auth.openSession(null, { ip: request.clientAddress, userAgent: request.headers['user-agent'] });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: new Date(expiresAt) });
        return { success: true, expiresAt, message: 'Login successful' };
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
          return reply.code(401).send({ success: false, message: 'Invalid password' });
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/verify',
    {
      schema: { response: { 200: verifyResponseSchema, 401: verifyResponseSchema } },
    },
    async (request, reply) => {
      const expiresAt = await ctx.auth.verifySession(request.cookies[SESSION_COOKIE]);
      if (!expiresAt) return reply.code(401).send({ valid: false });
      return { valid: true, expiresAt };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: z.object({ success: z.boolean() }) } } }, async (request, reply) => {
    await ctx.auth.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  });

  app.post(
    '/api/admin/password',
    {
      config: { permission: 'team:manage' },
      schema: { body: passwordChangeSchema, response: { 200: z.object({ success: z.boolean() }) } },
    },
    async (request, reply) => {
      if (!(await ctx.auth.checkPassword(request.body.current_password))) {
        throw new AppError('BAD_REQUEST', 'The current password is not correct');
      }
      await ctx.auth.setPassword(request.body.new_password);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true };
    },
  );
}
