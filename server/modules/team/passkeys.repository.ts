// SQL on the passkey tables (server/db/migrations/0072-passkeys.ts): members' passkeys and the WebAuthn ceremonies'
// single-use challenges.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Database | Transaction<DB>;

export type ChallengePurpose = 'register' | 'second-factor' | 'sign-in' | 'owner-register' | 'owner-password' | 'owner-second-factor';

export async function insertWebauthnChallenge(
  db: Db,
  row: { challenge_hash: string; purpose: ChallengePurpose; member_id: number | null; expires_at: string },
): Promise<void> {
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/** Takes (deletes) a live challenge, so it works once whatever the answer; expired ones go with it. */
export async function takeWebauthnChallenge(db: Db, challengeHash: string, now: string): Promise<{ purpose: string; member_id: number | null } | null> {
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge_hash', '=', challengeHash)
    .returning(['purpose', 'member_id', 'expires_at'])
    .executeTakeFirst();
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  return row && row.expires_at > now ? { purpose: row.purpose, member_id: row.member_id } : null;
}

/** A live challenge of `purpose`, left in place (the owner's password step, read before the passkey step takes it). */
export async function peekWebauthnChallenge(db: Db, challengeHash: string, purpose: ChallengePurpose, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('webauthn_challenges')
    .select('expires_at')
    .where('challenge_hash', '=', challengeHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row !== undefined && row.expires_at > now;
}

const passkeyColumns = ['id', 'member_id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'] as const;

/** Null: the owner's passkeys. */
export const listPasskeys = (db: Db, memberId: number | null) =>
  db
    .selectFrom('member_passkeys')
    .select(passkeyColumns)
    .where((eb) => (memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', memberId)))
    .orderBy('id')
    .execute();

export const findPasskeyByCredentialId = (db: Db, credentialId: string) =>
  db.selectFrom('member_passkeys').select(passkeyColumns).where('credential_id', '=', credentialId).executeTakeFirst();

/** The members who hold at least one passkey (the team list's "two factors" column). */
export async function membersWithPasskeys(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('member_passkeys').select('member_id').distinct().where('member_id', 'is not', null).execute();
  return new Set(rows.flatMap((row) => (row.member_id === null ? [] : [row.member_id])));
}

export async function countPasskeys(db: Db, memberId: number | null): Promise<number> {
  const row = await db
    .selectFrom('member_passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => (memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', memberId)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPasskey(
  db: Db,
  row: { member_id: number | null; credential_id: string; public_key: string; counter: number; transports: string; name: string; created_at: string },
): Promise<number> {
  return (await db.insertInto('member_passkeys').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Moves a passkey's counter from the value the check read to the new one; false when another sign-in moved it
 * first (the same assertion sent twice at once: only one wins).
 */
export async function advancePasskeyCounter(db: Db, id: number, from: number, to: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('member_passkeys')
    .set({ counter: to, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskey(db: Db, id: number, memberId: number | null): Promise<boolean> {
  const result = await db
    .deleteFrom('member_passkeys')
    .where('id', '=', id)
    .where((eb) => (memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', memberId)))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Hands one person's passkeys to another (null: the owner), in the caller's transaction (an ownership transfer). */
export async function movePasskeys(db: Db, from: number | null, to: number | null): Promise<void> {
  await db
    .updateTable('member_passkeys')
    .set({ member_id: to })
    .where((eb) => (from === null ? eb('member_id', 'is', null) : eb('member_id', '=', from)))
    .execute();
}
