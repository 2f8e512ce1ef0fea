// SQL on the team module's tables (server/db/migrations/0056-team.ts): staff members, their recovery codes and
// sign-in challenges, API keys.
import type { Db } from '../../db/database.js';

const memberColumns = ['id', 'email', 'role', 'password_hash', 'totp_secret', 'totp_enabled', 'invite_expires_at', 'created_at'] as const;

export const findMemberById = (db: Db, id: number) => db.selectFrom('team_members').select(memberColumns).where('id', '=', id).executeTakeFirst();

export const findMemberByEmail = (db: Db, email: string) => db.selectFrom('team_members').select(memberColumns).where('email', '=', email).executeTakeFirst();

export const findMemberByInvite = (db: Db, tokenHash: string) =>
  db.selectFrom('team_members').select(memberColumns).where('invite_token_hash', '=', tokenHash).executeTakeFirst();

export const listMembers = (db: Db) => db.selectFrom('team_members').select(memberColumns).orderBy('email').execute();

export async function insertMember(
  db: Db,
  row: { email: string; role: string; invite_token_hash: string | null; invite_expires_at: string | null; at: string },
): Promise<number> {
  const inserted = await db
    .insertInto('team_members')
    .values({
      email: row.email,
      role: row.role,
      invite_token_hash: row.invite_token_hash,
      invite_expires_at: row.invite_expires_at,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateMember(
  db: Db,
  id: number,
  changes: Partial<{
    role: string;
    password_hash: string | null;
    invite_token_hash: string | null;
    invite_expires_at: string | null;
    totp_secret: string | null;
    totp_enabled: number;
  }>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('team_members')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteMember(db: Db, id: number): Promise<boolean> {
  return deleteMemberIf(db, id, {});
}

/**
 * Deletes a member, only while the row still has `expected`'s values, with their codes, passkeys and challenges
 * (their foreign keys cascade; deleted here too for a database that does not enforce them).
 */
export async function deleteMemberIf(db: Db, id: number, expected: { role?: string; password_hash?: string }): Promise<boolean> {
  let query = db.deleteFrom('team_members').where('id', '=', id);
  if (expected.role !== undefined) query = query.where('role', '=', expected.role);
  if (expected.password_hash !== undefined) query = query.where('password_hash', '=', expected.password_hash);
  if (Number((await query.executeTakeFirst()).numDeletedRows) === 0) return false;
  for (const table of ['member_recovery_codes', 'member_sign_in_challenges', 'member_passkeys', 'webauthn_challenges'] as const) {
    await db.deleteFrom(table).where('member_id', '=', id).execute();
  }
  return true;
}

/** Members whose TOTP secret is stored in plain (not `v1.…`, server/modules/team/totp-secrets.ts). */
export async function listPlainTotpSecrets(db: Db): Promise<Array<{ id: number; totp_secret: string }>> {
  const rows = await db
    .selectFrom('team_members')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .where('totp_secret', 'not like', 'v1.%')
    .execute();
  return rows.flatMap((row) => (row.totp_secret === null ? [] : [{ id: row.id, totp_secret: row.totp_secret }]));
}

/** Replaces a member's TOTP secret only while it is still `from`; answers whether this call replaced it. */
export async function replaceTotpSecret(db: Db, id: number, from: string, to: string): Promise<boolean> {
  const result = await db.updateTable('team_members').set({ totp_secret: to }).where('id', '=', id).where('totp_secret', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertChallenge(db: Db, row: { token_hash: string; member_id: number; expires_at: string }): Promise<void> {
  await db.insertInto('member_sign_in_challenges').values(row).execute();
}

/** The member of a live challenge, leaving it in place (enrolment reads it before the code step takes it). */
export async function peekChallenge(db: Db, tokenHash: string, now: string): Promise<number | null> {
  const row = await db.selectFrom('member_sign_in_challenges').select(['member_id', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && row.expires_at > now ? row.member_id : null;
}

/** Takes a live challenge (deleting it: each is used once). */
export async function takeChallenge(db: Db, tokenHash: string, now: string): Promise<number | null> {
  const row = await db.deleteFrom('member_sign_in_challenges').where('token_hash', '=', tokenHash).returning(['member_id', 'expires_at']).executeTakeFirst();
  await db.deleteFrom('member_sign_in_challenges').where('expires_at', '<=', now).execute();
  return row && row.expires_at > now ? row.member_id : null;
}

/** Records the TOTP step a code was used in; false when that step (or a later one) was used already: no replay. */
export async function useTotpStep(db: Db, memberId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('team_members')
    .set({ totp_last_step: step })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, memberId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  if (hashes.length > 0) {
    await db
      .insertInto('member_recovery_codes')
      .values(hashes.map((code_hash) => ({ member_id: memberId, code_hash })))
      .execute();
  }
}

/** Marks an unused recovery code used; answers whether this call was the one that used it (a second use fails). */
export async function useRecoveryCode(db: Db, memberId: number, codeHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('member_recovery_codes')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const countUnusedRecoveryCodes = async (db: Db, memberId: number): Promise<number> => {
  const row = await db
    .selectFrom('member_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};
