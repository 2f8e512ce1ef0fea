import type { Database } from '../../db/database.js';

export async function insertSession(db: Database, tokenHash: string, expiresAt: string, createdAt: string): Promise<void> {
  await db.insertInto('admin_sessions').values({ token_hash: tokenHash, expires_at: expiresAt, created_at: createdAt }).execute();
}

export async function findSessionByHash(db: Database, tokenHash: string) {
  return db.selectFrom('admin_sessions').select(['id', 'expires_at', 'created_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function deleteSessionByHash(db: Database, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Database, now: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
}

export async function deleteAllSessions(db: Database): Promise<void> {
  await db.deleteFrom('admin_sessions').execute();
}
