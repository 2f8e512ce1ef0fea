import type { FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN_MINUTES } from '../../../common/payment-setup.js';
import type { AppContext } from '../../kernel/context.js';
import { bearerToken, SESSION_COOKIE } from '../../http/admin-guard.js';
import { AppError } from '../../lib/errors.js';

/**
 * Whether changing a secret needs the admin password again: always with the API token, and with a browser session
 * signed in more than RECENT_SIGN_IN_MINUTES ago (a session left open on a shared computer cannot swap the keys).
 */
export async function passwordRequired(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  if (bearerToken(request) !== undefined) return true;
  const signedInAt = await ctx.auth.sessionSignedInAt(request.cookies[SESSION_COOKIE]);
  return signedInAt === null || Date.parse(signedInAt) < Date.now() - RECENT_SIGN_IN_MINUTES * 60_000;
}

/** Refuses (403, never 401, which would end the browser's session) unless the sign-in is recent or the password is right. */
export async function requireRecentSignIn(ctx: AppContext, request: FastifyRequest, password: string | undefined): Promise<void> {
  if (!(await passwordRequired(ctx, request))) return;
  if (!password) {
    throw new AppError('FORBIDDEN', `Enter your admin password again to change secrets: you signed in more than ${RECENT_SIGN_IN_MINUTES} minutes ago.`);
  }
  if (!(await ctx.auth.checkPassword(password))) throw new AppError('FORBIDDEN', 'That is not the admin password: secrets were not changed.');
}
