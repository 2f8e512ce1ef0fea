// Passkeys (WebAuthn, @simplewebauthn/server; docs/team.md): a member registers one in their own security settings;
// it then signs in as the second factor after the password, or alone (it proves the person with its own user
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
import { sha256Hex } from '../../lib/crypto.js';
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

/**
 * The challenge the browser signed (in clientDataJSON), taken from the database: it must be live, of this
 * ceremony and, when the ceremony names a member, theirs. Answers the challenge for the library to compare.
 */
async function takeChallenge(ctx: AppContext, clientDataJSON: string, purpose: repo.ChallengePurpose, memberId: number | null): Promise<string> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    challenge = undefined;
  }
  const row = typeof challenge === 'string' ? await repo.takeWebauthnChallenge(ctx.db, sha256Hex(challenge), nowIso()) : null;
  if (!row || row.purpose !== purpose || (memberId !== null && row.member_id !== memberId) || typeof challenge !== 'string') {
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

export const listMemberPasskeys = async (ctx: AppContext, memberId: number): Promise<PasskeySummary[]> =>
  (await repo.listPasskeys(ctx.db, memberId)).map(summary);

/** Step 1 of adding a passkey: options for navigator.credentials.create (a discoverable credential, verified user). */
export async function registrationOptions(ctx: AppContext, memberId: number): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found');
  const { rpID, rpName } = relyingParty(ctx);
  const existing = await repo.listPasskeys(ctx.db, memberId);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: member.email,
    userID: new TextEncoder().encode(`member-${member.id}`),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: parseJsonList(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx, options.challenge, 'register', memberId);
  return options;
}

/** Step 2: the authenticator's answer, checked against the stored challenge; the passkey is saved. */
export async function registerPasskey(ctx: AppContext, memberId: number, response: RegistrationResponseJSON, name: string): Promise<PasskeySummary> {
  const { origin, rpID } = relyingParty(ctx);
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, 'register', memberId).catch(() => {
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
    member_id: memberId,
    credential_id: credential.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
    name,
    created_at: at,
  });
  return { id, name, created_at: at, last_used_at: null };
}

/**
 * Options for navigator.credentials.get: for the second factor, the member's own passkeys; for a passwordless
 * sign-in (member null), any passkey of this shop the browser holds.
 */
export async function signInOptions(ctx: AppContext, memberId: number | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(ctx);
  const passkeys = memberId === null ? [] : await repo.listPasskeys(ctx.db, memberId);
  if (memberId !== null && passkeys.length === 0) throw new AppError('BAD_REQUEST', 'You have no passkey yet: enter a code instead');
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: TIMEOUT_MS,
    userVerification: memberId === null ? 'required' : 'preferred',
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: parseJsonList(row.transports) })),
  });
  await storeChallenge(ctx, options.challenge, memberId === null ? 'sign-in' : 'second-factor', memberId);
  return options;
}

/**
 * Checks a sign-in assertion: the challenge (live, unused, of this member for the second factor), the signature
 * with the stored public key, user verification when it stands alone, and the counter, which must move past the
 * stored one (a cloned authenticator shows an old counter). Answers the member it signs in.
 */
export async function verifySignIn(ctx: AppContext, response: AuthenticationResponseJSON, memberId: number | null): Promise<number> {
  const { origin, rpID } = relyingParty(ctx);
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, memberId === null ? 'sign-in' : 'second-factor', memberId);
  const passkey = await repo.findPasskeyByCredentialId(ctx.db, response.id);
  const refused = new AppError('UNAUTHORIZED', 'This passkey was not accepted; try again or use your password');
  if (!passkey || (memberId !== null && passkey.member_id !== memberId)) throw refused;
  const counter = Number(passkey.counter);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: memberId === null,
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
