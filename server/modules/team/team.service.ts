// Staff accounts (issue 42, docs/team.md): invitations, the staff sign-in with its second factor, roles, removal.
// The owner stays the specification's password login (server/modules/auth); staff sessions are auth's sessions
// with a member id, so ending them is one DELETE every instance sees on its next request.
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { MemberRole, Role } from '../../../common/permissions.js';
import { MEMBER_ROLES } from '../../../common/permissions.js';
import type { StaffLoginResponse, TeamMember } from '../../../common/team.js';
import type { AppContext } from '../../kernel/context.js';
import type { Database } from '../../db/database.js';
import { deleteSessionsOfMember, type SessionOrigin } from '../auth/index.js';
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { queueEmail, requireEmailLinkBase, textEmailHtml } from '../email/index.js';
import { readSetting } from '../settings/index.js';
import { emailBrand } from '../storefront/index.js';
import * as repo from './team.repository.js';
import { findApiKeyByHash, touchApiKey } from './api-keys.repository.js';
import { countPasskeys } from './passkeys.repository.js';
import { ownerPasswordStep } from './passkeys.service.js';
import { openTotpSecret, sealTotpSecret } from './totp-secrets.js';

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const REQUIRE_TWO_FACTOR_KEY = 'team_require_two_factor';
export const STAFF_INVITE_KIND = 'staff_invite';
/** A wrong e-mail, a wrong password, an unfinished invitation: one answer, so it tells nothing about who exists. */
const INVALID_SIGN_IN = 'Invalid e-mail address or password';

const isMemberRole = (role: string): role is MemberRole => (MEMBER_ROLES as readonly string[]).includes(role);

/** What the admin guard asks of the team module on every staff or API-key request (no cache: see docs/team.md). */
export class TeamService {
  constructor(private readonly db: Database) {}

  /** A member who can sign in (invitation accepted), by id; null once removed. */
  async findMember(id: number): Promise<{ id: number; email: string; role: Role } | null> {
    const member = await repo.findMemberById(this.db, id);
    if (!member || !member.password_hash || !isMemberRole(member.role)) return null;
    return { id: member.id, email: member.email, role: member.role };
  }

  /**
   * The owner's login after the password: a token for the passkey step when the owner has a passkey, else null
   * (the password alone signs in, as the specification says).
   */
  ownerSecondFactor(): Promise<string | null> {
    return ownerPasswordStep({ db: this.db });
  }

  /** A live API key (not revoked, not expired) by its token, its use recorded; null otherwise. */
  async verifyApiKey(token: string): Promise<{ id: number; name: string; prefix: string; scopes: string[] } | null> {
    if (!token.startsWith(API_KEY_PREFIX)) return null;
    const key = await findApiKeyByHash(this.db, sha256Hex(token));
    const now = nowIso();
    if (!key || key.revoked_at !== null || (key.expires_at !== null && key.expires_at <= now)) return null;
    await touchApiKey(this.db, key.id, now);
    return { id: key.id, name: key.name, prefix: key.prefix, scopes: JSON.parse(key.scopes) as string[] };
  }
}

export const API_KEY_PREFIX = 'plsk_';

export const toTeamMember = (row: Awaited<ReturnType<typeof repo.listMembers>>[number]): TeamMember => ({
  id: row.id,
  email: row.email,
  role: isMemberRole(row.role) ? row.role : 'support',
  status: row.password_hash ? 'active' : 'invited',
  two_factor: row.totp_enabled === 1,
  created_at: row.created_at,
});

export const requiresTwoFactor = async (db: Database): Promise<boolean> => (await readSetting(db, REQUIRE_TWO_FACTOR_KEY)) === true;

function inviteEmail(ctx: AppContext, link: string, role: MemberRole) {
  const brand = emailBrand(ctx.settings);
  const subject = `You are invited to ${brand.storeName}`;
  const text = [
    `You have been invited to help run ${brand.storeName} as ${role}.`,
    '',
    `Choose your password here (the link works once, for 7 days):`,
    link,
    '',
    'If you did not expect this, ignore this e-mail.',
  ].join('\n');
  return { subject, text, html: textEmailHtml(text) };
}

/** Invites a new member, or renews the invitation of one who has not accepted yet; the e-mail leaves after commit. */
export async function inviteMember(ctx: AppContext, email: string, role: MemberRole): Promise<TeamMember> {
  const token = randomToken();
  const link = `${requireEmailLinkBase(ctx)}/team/accept?token=${token}`;
  const at = nowIso();
  const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS).toISOString();
  return unitOfWork(ctx, async (unit) => {
    const { trx } = unit;
    const existing = await repo.findMemberByEmail(trx, email);
    if (existing?.password_hash) throw new AppError('CONFLICT', `${email} is already a member of the team`);
    let id: number;
    if (existing) {
      id = existing.id;
      await repo.updateMember(trx, id, { role, invite_token_hash: sha256Hex(token), invite_expires_at: expiresAt }, at);
    } else {
      id = await repo.insertMember(trx, { email, role, invite_token_hash: sha256Hex(token), invite_expires_at: expiresAt, at });
    }
    await queueEmail(unit, { to_address: email, kind: STAFF_INVITE_KIND, content: inviteEmail(ctx, link, role), at });
    const row = await repo.findMemberById(trx, id);
    if (!row) throw new AppError('NOT_FOUND', 'The member was not found');
    return toTeamMember(row);
  });
}

/** Sets the invited member's password: the link works once and only before it expires. */
export async function acceptInvite(ctx: UnitContext, token: string, password: string): Promise<{ email: string }> {
  const passwordHash = await hashPassword(password);
  return unitOfWork(ctx, async ({ trx }) => {
    const member = await repo.findMemberByInvite(trx, sha256Hex(token));
    const now = nowIso();
    if (!member || !member.invite_expires_at || member.invite_expires_at <= now) {
      throw new AppError('BAD_REQUEST', 'This invitation link is not valid any more; ask the shop owner for a new one');
    }
    await repo.updateMember(trx, member.id, { password_hash: passwordHash, invite_token_hash: null, invite_expires_at: null }, now);
    return { email: member.email };
  });
}

/** The password step: signed in, or a challenge for the second factor (or for enrolling one, when required). */
export async function staffPasswordStep(
  ctx: AppContext,
  email: string,
  password: string,
  origin: SessionOrigin,
): Promise<StaffLoginResponse & { token?: string }> {
  const member = await repo.findMemberByEmail(ctx.db, email);
  // The hash is computed even for an unknown address, so the answer's time tells nothing either.
  const stored = member?.password_hash ?? DUMMY_HASH;
  if (!(await verifyPassword(password, stored)) || !member?.password_hash) throw new AppError('UNAUTHORIZED', INVALID_SIGN_IN);
  const passkey = (await countPasskeys(ctx.db, member.id)) > 0;
  if (member.totp_enabled === 1 || passkey || (await requiresTwoFactor(ctx.db))) {
    const challenge = randomToken();
    await repo.insertChallenge(ctx.db, {
      token_hash: sha256Hex(challenge),
      member_id: member.id,
      expires_at: new Date(Date.now() + CHALLENGE_LIFETIME_MS).toISOString(),
    });
    const factor = member.totp_enabled === 1 ? 'totp' : passkey ? 'passkey' : 'enrol';
    return { success: false, message: SECOND_FACTOR_MESSAGES[factor], challenge, second_factor: factor, passkey };
  }
  const session = await ctx.auth.openSession(member.id, origin);
  return { success: true, message: 'Login successful', expiresAt: session.expiresAt, token: session.token };
}

const SECOND_FACTOR_MESSAGES = {
  totp: 'Enter the code from your authenticator app',
  passkey: 'Confirm with your passkey',
  enrol: 'Two-factor sign-in is required: set up an authenticator app to continue',
} as const;

const DUMMY_HASH = `scrypt$${randomBytes(16).toString('base64')}$${randomBytes(64).toString('base64')}`;

export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

export function totpFor(secret: string, label: string, issuer: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The 30-second step whose code `code` is (one step either side allowed for clock drift), or null. */
export function totpStep(secret: string, code: string): number | null {
  const delta = totpFor(secret, 'x', 'x').validate({ token: code.replace(/\s/g, ''), window: 1 });
  return delta === null ? null : Math.floor(Date.now() / 30_000) + delta;
}

/** Whether `code` is the TOTP code now (confirming the app during set-up). */
export const totpMatches = (secret: string, code: string): boolean => totpStep(secret, code) !== null;

/** A TOTP code signs in once: the step it belongs to is recorded, and a code of that step or an earlier one fails. */
async function totpSignIn(db: Database, memberId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  return step !== null && repo.useTotpStep(db, memberId, step);
}

/** Ten single-use recovery codes: shown once, stored hashed. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}
export const recoveryCodeHash = (code: string): string =>
  sha256Hex(
    code
      .trim()
      .toLowerCase()
      .replace(/[^0-9a-f]/g, ''),
  );

/**
 * Enrolment during sign-in, when the owner requires two factors and this member has none: a new secret for the
 * challenge's member, confirmed by the code step.
 */
export async function staffEnrolStep(ctx: AppContext, challenge: string): Promise<{ secret: string; uri: string }> {
  const memberId = await repo.peekChallenge(ctx.db, sha256Hex(challenge), nowIso());
  const member = memberId === null ? undefined : await repo.findMemberById(ctx.db, memberId);
  if (!member?.password_hash) throw new AppError('UNAUTHORIZED', 'The sign-in has expired; enter your password again');
  if (member.totp_enabled === 1) throw new AppError('CONFLICT', 'Two-factor sign-in is already set up: enter a code');
  const secret = newTotpSecret();
  await repo.updateMember(ctx.db, member.id, { totp_secret: sealTotpSecret(ctx, secret) }, nowIso());
  return { secret, uri: totpFor(secret, member.email, emailBrand(ctx.settings).storeName).toString() };
}

/**
 * The second step: a TOTP code or an unused recovery code, against the challenge of the password step. A member
 * enrolling (secret set, not yet on) confirms it with a TOTP code and gets their recovery codes, shown once.
 */
export async function staffSecondFactorStep(
  ctx: AppContext,
  challenge: string,
  code: string,
  origin: SessionOrigin,
): Promise<{ token: string; expiresAt: string; recoveryCodes?: string[] }> {
  const now = nowIso();
  const memberId = await repo.takeChallenge(ctx.db, sha256Hex(challenge), now);
  const member = memberId === null ? undefined : await repo.findMemberById(ctx.db, memberId);
  if (!member?.password_hash) throw new AppError('UNAUTHORIZED', 'The sign-in has expired; enter your password again');
  const secret = member.totp_secret ? await openTotpSecret(ctx, member.id, member.totp_secret) : null;
  if (!secret) throw new AppError('UNAUTHORIZED', 'Set up two-factor sign-in first; enter your password again');
  const digits = code.replace(/\s/g, '');
  if (member.totp_enabled !== 1) {
    if (!(await totpSignIn(ctx.db, member.id, secret, digits))) throw new AppError('UNAUTHORIZED', 'The code is not correct; enter your password again');
    const recoveryCodes = newRecoveryCodes();
    await unitOfWork(ctx, async ({ trx }) => {
      await repo.updateMember(trx, member.id, { totp_enabled: 1 }, now);
      await repo.replaceRecoveryCodes(trx, member.id, recoveryCodes.map(recoveryCodeHash));
    });
    return { ...(await ctx.auth.openSession(member.id, origin)), recoveryCodes };
  }
  const valid = /^\d{6}$/.test(digits)
    ? await totpSignIn(ctx.db, member.id, secret, digits)
    : await repo.useRecoveryCode(ctx.db, member.id, recoveryCodeHash(code), now);
  if (!valid) throw new AppError('UNAUTHORIZED', 'The code is not correct (each code and each recovery code works once); enter your password again');
  return ctx.auth.openSession(member.id, origin);
}

export async function changeMemberRole(db: Database, id: number, role: MemberRole): Promise<TeamMember> {
  if (!(await repo.updateMember(db, id, { role }, nowIso()))) throw new AppError('NOT_FOUND', `Team member ${id} was not found`);
  const row = await repo.findMemberById(db, id);
  if (!row) throw new AppError('NOT_FOUND', `Team member ${id} was not found`);
  return toTeamMember(row);
}

/** Removes a member and ends their sessions in one transaction: their next request, on any instance, is a 401. */
export async function removeMember(ctx: AppContext, id: number): Promise<void> {
  await unitOfWork(ctx, async ({ trx }) => {
    if (!(await repo.deleteMember(trx, id))) throw new AppError('NOT_FOUND', `Team member ${id} was not found`);
    await deleteSessionsOfMember(trx, id);
  });
}
