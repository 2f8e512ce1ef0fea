// SQL on the passkey tables (server/db/migrations/0072-passkeys.ts): members' passkeys and the WebAuthn ceremonies'
// single-use challenges.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Database | Transaction<DB>;

export type ChallengePurpose = 'register' | 'second-factor' | 'sign-in';

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

const passkeyColumns = ['id', 'member_id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'] as const;

export const listPasskeys = (db: Db, memberId: number) =>
  db.selectFrom('member_passkeys').select(passkeyColumns).where('member_id', '=', memberId).orderBy('id').execute();

export const findPasskeyByCredentialId = (db: Db, credentialId: string) =>
  db.selectFrom('member_passkeys').select(passkeyColumns).where('credential_id', '=', credentialId).executeTakeFirst();

/** The members who hold at least one passkey (the team list's "two factors" column). */
export async function membersWithPasskeys(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('member_passkeys').select('member_id').distinct().execute();
  return new Set(rows.map((row) => row.member_id));
}

export async function countPasskeys(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('member_passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPasskey(
  db: Db,
  row: { member_id: number; credential_id: string; public_key: string; counter: number; transports: string; name: string; created_at: string },
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

export async function deletePasskey(db: Db, id: number, memberId: number): Promise<boolean> {
  const result = await db.deleteFrom('member_passkeys').where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
