import type { Database, Db } from '../../db/database.js';

export interface SessionOpening {
  tokenHash: string;
  expiresAt: string;
  createdAt: string;
  /** Null: the owner. */
  memberId: number | null;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Database, session: SessionOpening): Promise<void> {
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
      created_at: session.createdAt,
      member_id: session.memberId,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function findSessionByHash(db: Database, tokenHash: string) {
  return db.selectFrom('admin_sessions').select(['id', 'expires_at', 'created_at', 'member_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function deleteSessionByHash(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Database, now: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
}

/** Live sessions of one member (null: the owner), or of everyone (undefined), newest first. */
export async function listSessions(db: Database, now: string, memberId?: number | null) {
  let query = db
    .selectFrom('admin_sessions')
    .select(['id', 'member_id', 'created_at', 'expires_at', 'ip', 'user_agent'])
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (memberId === null) query = query.where('member_id', 'is', null);
  else if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  return query.execute();
}

/** Ends one session; `memberId` (null: the owner) limits it to that person's. Answers whether one ended. */
export async function deleteSessionById(db: Database, id: number, memberId?: number | null): Promise<boolean> {
  let query = db.deleteFrom('admin_sessions').where('id', '=', id);
  if (memberId === null) query = query.where('member_id', 'is', null);
  else if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of a member, in the caller's transaction when given one (removing the member). */
export async function deleteSessionsOfMember(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('admin_sessions').where('member_id', '=', memberId).execute();
}

export async function deleteAllSessions(db: Database): Promise<void> {
  await db.deleteFrom('admin_sessions').execute();
}

/**
 * Hands the sessions of one person to another (null: the owner), in the caller's transaction: an ownership transfer
 * keeps both people signed in, each now as their new role.
 */
export async function moveSessions(db: Db, from: number | null, to: number | null): Promise<void> {
  const query = db.updateTable('admin_sessions').set({ member_id: to });
  await (from === null ? query.where('member_id', 'is', null) : query.where('member_id', '=', from)).execute();
}
