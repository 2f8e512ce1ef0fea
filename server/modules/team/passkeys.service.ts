// Passkeys (WebAuthn, @simplewebauthn/server; docs/team.md): a member (or the owner) registers one in their own
// security settings; it then signs in as the second factor after the password, or alone (it proves the person with its own user
// verification). The relying party is the shop's public address (settings' emailLinkBase: Base URL, BASE_URL or the
// confirmed origin), never what a request's Host says. Challenges live in the database for two minutes and are
// taken on first use, so any instance checks the answer and no answer works twice.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PasskeySummary } from '../../../common/passkeys.js';
import type { AppContext } from '../../kernel/context.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { parseJsonList } from '../../db/portable.js';
import { emailBrand } from '../storefront/index.js';
import * as repo from './passkeys.repository.js';
import { findMemberById } from './team.repository.js';

const CHALLENGE_LIFETIME_MS = 2 * 60 * 1000;
const TIMEOUT_MS = 60_000;

/** The relying party: the shop's public origin and its host name (WebAuthn's RP ID). */
function relyingParty(ctx: AppContext): { origin: string; rpID: string; rpName: string } {
  const base = ctx.settings.emailLinkBase();
  if (!base) throw new AppError('BAD_REQUEST', 'Passkeys need the shop’s address: set the Base URL in Settings first');
  const url = new URL(base);
  return { origin: url.origin, rpID: url.hostname, rpName: emailBrand(ctx.settings).storeName };
}

async function storeChallenge(ctx: AppContext, challenge: string, purpose: repo.ChallengePurpose, memberId: number | null): Promise<void> {
  const expiresAt = new Date(Date.now() + CHALLENGE_LIFETIME_MS).toISOString();
  await repo.insertWebauthnChallenge(ctx.db, { challenge_hash: sha256Hex(challenge), purpose, member_id: memberId, expires_at: expiresAt });
}

/** Whose passkeys: a member's (their id) or the owner's; `null` in sign-in: anyone's (passwordless). */
export type Holder = number | 'owner';
const column = (holder: Holder): number | null => (holder === 'owner' ? null : holder);

/**
 * The challenge the browser signed (in clientDataJSON), taken from the database: it must be live, of this
 * ceremony and, unless `holder` is undefined (passwordless), theirs. Answers the challenge for the library to compare.
 */
async function takeChallenge(ctx: AppContext, clientDataJSON: string, purpose: repo.ChallengePurpose, holder: number | null | undefined): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    challenge = undefined;
  }
  const row = typeof challenge === 'string' ? await repo.takeWebauthnChallenge(ctx.db, sha256Hex(challenge), nowIso()) : null;
  if (!row || row.purpose !== purpose || (holder !== undefined && row.member_id !== holder) || typeof challenge !== 'string') {
    throw new AppError('UNAUTHORIZED', 'The passkey request has expired or was already used; try again');
  }
  return challenge;
}

const summary = (row: Awaited<ReturnType<typeof repo.listPasskeys>>[number]): PasskeySummary => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
});

export const listHolderPasskeys = async (ctx: AppContext, holder: Holder): Promise<PasskeySummary[]> =>
  (await repo.listPasskeys(ctx.db, column(holder))).map(summary);

/** Step 1 of adding a passkey: options for navigator.credentials.create (a discoverable credential, verified user). */
export async function registrationOptions(ctx: AppContext, holder: Holder): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const member = holder === 'owner' ? undefined : await findMemberById(ctx.db, holder);
  if (holder !== 'owner' && !member) throw new AppError('NOT_FOUND', 'Member not found');
  const { rpID, rpName } = relyingParty(ctx);
  const existing = await repo.listPasskeys(ctx.db, column(holder));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: member?.email ?? 'owner',
    userDisplayName: member?.email ?? `Owner of ${rpName}`,
    userID: new TextEncoder().encode(member ? `member-${member.id}` : 'owner'),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: parseJsonList(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx, options.challenge, holder === 'owner' ? 'owner-register' : 'register', column(holder));
  return options;
}

/** Step 2: the authenticator's answer, checked against the stored challenge; the passkey is saved. */
export async function registerPasskey(ctx: AppContext, holder: Holder, response: RegistrationResponseJSON, name: string): Promise<PasskeySummary> {
  const { origin, rpID } = relyingParty(ctx);
  const purpose = holder === 'owner' ? 'owner-register' : 'register';
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, purpose, column(holder)).catch(() => {
    throw new AppError('BAD_REQUEST', 'The passkey request has expired or was already used; add the passkey again');
  });
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    throw new AppError('BAD_REQUEST', `The passkey was not accepted: ${error instanceof Error ? error.message : 'unreadable answer'}`);
  });
  if (!verification.verified) throw new AppError('BAD_REQUEST', 'The passkey was not accepted; try again');
  const { credential } = verification.registrationInfo;
  if (await repo.findPasskeyByCredentialId(ctx.db, credential.id)) throw new AppError('CONFLICT', 'This passkey is registered already');
  const at = nowIso();
  const id = await repo.insertPasskey(ctx.db, {
    member_id: column(holder),
    credential_id: credential.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
    name,
    created_at: at,
  });
  return { id, name, created_at: at, last_used_at: null };
}

const signInPurpose = (who: Holder | null): repo.ChallengePurpose => (who === null ? 'sign-in' : who === 'owner' ? 'owner-second-factor' : 'second-factor');

/**
 * Options for navigator.credentials.get: for the second factor, the member's (or the owner's) own passkeys; for a
 * passwordless sign-in (`who` null), any passkey of this shop the browser holds.
 */
export async function signInOptions(ctx: AppContext, who: Holder | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const passkeys = who === null ? [] : await repo.listPasskeys(ctx.db, column(who));
  if (who !== null && passkeys.length === 0) throw new AppError('BAD_REQUEST', 'You have no passkey yet: enter a code instead');
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: TIMEOUT_MS,
    userVerification: who === null ? 'required' : 'preferred',
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: parseJsonList(row.transports) })),
  });
  await storeChallenge(ctx, options.challenge, signInPurpose(who), who === null ? null : column(who));
  return options;
}

/**
 * Checks a sign-in assertion: the challenge (live, unused, of this member or the owner for the second factor), the
 * signature with the stored public key, user verification when it stands alone, and the counter, which must move
 * past the stored one (a cloned authenticator shows an old counter). Answers whom it signs in: a member's id, or
 * null for the owner.
 */
export async function verifySignIn(ctx: AppContext, response: AuthenticationResponseJSON, who: Holder | null): Promise<number | null> {
  const { origin, rpID } = relyingParty(ctx);
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, signInPurpose(who), who === null ? undefined : column(who));
  const passkey = await repo.findPasskeyByCredentialId(ctx.db, response.id);
  const refused = new AppError('UNAUTHORIZED', 'This passkey was not accepted; try again or use your password');
  if (!passkey || (who !== null && passkey.member_id !== column(who))) throw refused;
  const counter = Number(passkey.counter);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: who === null,
    credential: {
      id: passkey.credential_id,
      publicKey: isoBase64URL.toBuffer(passkey.public_key),
      counter,
      transports: parseJsonList(passkey.transports) as AuthenticatorTransportFuture[],
    },
  }).catch(() => {
    throw refused;
  });
  if (!verification.verified) throw refused;
  if (!(await repo.advancePasskeyCounter(ctx.db, passkey.id, counter, verification.authenticationInfo.newCounter, nowIso()))) throw refused;
  return passkey.member_id;
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];

const OWNER_PASSWORD_STEP_MS = 5 * 60 * 1000;

/**
 * The owner's password step when the owner has a passkey: a token (stored hashed, 5 minutes) that the passkey step
 * takes; null when the owner has none and the password alone signs in, as the specification says.
 */
export async function ownerPasswordStep(ctx: { db: AppContext['db'] }): Promise<string | null> {
  if ((await repo.countPasskeys(ctx.db, null)) === 0) return null;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + OWNER_PASSWORD_STEP_MS).toISOString();
  await repo.insertWebauthnChallenge(ctx.db, { challenge_hash: sha256Hex(token), purpose: 'owner-password', member_id: null, expires_at: expiresAt });
  return token;
}

/** Whether `token` is a live owner password step; `take` uses it up (the passkey step), else it stays (options). */
export async function isOwnerPasswordStep(ctx: AppContext, token: string, take: boolean): Promise<boolean> {
  const now = nowIso();
  if (!take) return repo.peekWebauthnChallenge(ctx.db, sha256Hex(token), 'owner-password', now);
  return (await repo.takeWebauthnChallenge(ctx.db, sha256Hex(token), now))?.purpose === 'owner-password';
}
