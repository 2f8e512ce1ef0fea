// SQL on `api_keys` (server/db/migrations/0056-team.ts): only the SHA-256 of a key is stored.
import type { Database } from '../../db/database.js';

const columns = ['id', 'name', 'prefix', 'scopes', 'created_by', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'] as const;

export const listApiKeys = (db: Database) => db.selectFrom('api_keys').select(columns).orderBy('id', 'desc').execute();

export const findApiKeyByHash = (db: Database, tokenHash: string) =>
  db.selectFrom('api_keys').select(columns).where('token_hash', '=', tokenHash).executeTakeFirst();

export async function insertApiKey(
  db: Database,
  row: { name: string; prefix: string; token_hash: string; scopes: string; created_by: string; created_at: string; expires_at: string | null },
): Promise<number> {
  const inserted = await db.insertInto('api_keys').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function revokeApiKey(db: Database, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a use at most once a minute per key, so a busy CI job does not write on every call. */
export async function touchApiKey(db: Database, id: number, at: string): Promise<void> {
  const minuteAgo = new Date(Date.parse(at) - 60_000).toISOString();
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', minuteAgo)]))
    .execute();
}
