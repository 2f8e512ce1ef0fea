// Ownership transfer (issue 42, docs/team.md). The owner is the account of the specification's password login (the
// `admin_password_hash` setting, sessions without a member): there is always exactly one. Handing it over swaps who
// holds it in one transaction: the admin's password becomes the owner password and their member row goes; the former
// owner becomes an admin member with the address they give and the password they had; both stay signed in, each in
// their new role, and each keeps their own passkeys. The swap is a compare-and-set on the owner's password hash, so of two transfers racing from one
// owner exactly one happens (the other answers 409), on either database.
import type { FastifyRequest } from 'fastify';
import { transferOwnershipResponseSchema, transferOwnershipSchema } from '../../../common/team.js';
import { adminPrincipal } from '../../http/admin-guard.js';
import type { App, AppContext } from '../../kernel/context.js';
import { unitOfWork } from '../../kernel/events.js';
import { isUniqueViolation } from '../../db/portable.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';
import { moveSessions } from '../auth/index.js';
import { readSetting, swapSetting } from '../settings/index.js';
import * as repo from './team.repository.js';
import { movePasskeys } from './passkeys.repository.js';

const OWNER_PASSWORD_KEY = 'admin_password_hash';
const API_TOKEN_KEY = 'api_token_hash';

export interface OwnershipTransfer {
  memberId: number;
  password: string;
  /** The former owner's address as an admin member. */
  email: string;
}

export async function transferOwnership(ctx: AppContext, transfer: OwnershipTransfer): Promise<{ owner: string; yourEmail: string }> {
  // ADMIN_PASSWORD would give the owner account back to whoever knows it at the next start.
  if (ctx.config.ADMIN_PASSWORD)
    throw new AppError('CONFLICT', 'The owner password is set by ADMIN_PASSWORD in the environment: remove it and restart before handing ownership over');
  const ownerHash = await readSetting(ctx.db, OWNER_PASSWORD_KEY);
  if (typeof ownerHash !== 'string' || !(await verifyPassword(transfer.password, ownerHash)))
    throw new AppError('BAD_REQUEST', 'Your password is not correct: ownership was not handed over');
  const target = await repo.findMemberById(ctx.db, transfer.memberId);
  if (!target?.password_hash || target.role !== 'admin')
    throw new AppError('BAD_REQUEST', 'Ownership goes to an admin who has accepted their invitation: make them an admin first');
  const newOwnerHash = target.password_hash;
  try {
    await unitOfWork(ctx, async ({ trx }) => {
      // First, so a losing racer changes nothing: the owner password is still the one just checked, or this ends.
      if (!(await swapSetting(trx, OWNER_PASSWORD_KEY, ownerHash, newOwnerHash)))
        throw new AppError('CONFLICT', 'Ownership changed meanwhile (another transfer or a new owner password); reload and check the team');
      const at = nowIso();
      const formerOwner = await repo.insertMember(trx, { email: transfer.email, role: 'admin', invite_token_hash: null, invite_expires_at: null, at });
      await repo.updateMember(trx, formerOwner, { password_hash: ownerHash }, at);
      // Sessions and passkeys follow their people: the former owner's to their member row, the new owner's to the owner.
      await moveSessions(trx, null, formerOwner);
      await movePasskeys(trx, null, formerOwner);
      await movePasskeys(trx, target.id, null);
      // The target's row must still be the one checked (not removed or demoted meanwhile).
      if (!(await repo.deleteMemberIf(trx, target.id, { role: 'admin', password_hash: newOwnerHash })))
        throw new AppError('CONFLICT', 'The member changed meanwhile; reload and try again');
      await moveSessions(trx, target.id, null);
      // The Settings page's API token is the owner's full token: the former owner's copy stops working.
      await swapSetting(trx, API_TOKEN_KEY, await readSetting(trx, API_TOKEN_KEY), null);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `${transfer.email} is already a member of the team: give another address for yourself`);
    throw error;
  }
  await ctx.settings.load();
  return { owner: target.email, yourEmail: transfer.email };
}

function ownerOnly(request: FastifyRequest): void {
  // The API token is the owner's too, but handing the shop over is a person's act, in a signed-in session.
  const principal = adminPrincipal(request);
  if (principal?.kind !== 'owner' || principal.sessionId === null) throw new AppError('FORBIDDEN', 'Only the owner, signed in, hands ownership over');
}

export function registerOwnershipRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/api/admin/team/ownership',
    { config: { permission: 'team:manage' }, schema: { body: transferOwnershipSchema, response: { 200: transferOwnershipResponseSchema } } },
    async (request) => {
      ownerOnly(request);
      const { owner, yourEmail } = await transferOwnership(ctx, {
        memberId: request.body.member_id,
        password: request.body.password,
        email: request.body.email,
      });
      return {
        success: true,
        owner,
        your_email: yourEmail,
        message: `${owner} is the owner now and signs in with the owner password screen; you are an admin and sign in on “Staff sign-in” as ${yourEmail}`,
      };
    },
  );
}
