import { type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Staff accounts, their second factors and scoped API keys (issue 42, docs/team.md); owner: server/modules/team.
// `admin_sessions` (owner: auth) gains whose session it is (`member_id`, null for the owner) and where it was opened.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('team_members'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('invite_token_hash', 'text', (c) => c.unique())
    .addColumn('invite_expires_at', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // The last 30-second step whose code signed in: a code is accepted once (RFC 6238 section 5.2).
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addIdColumn(db, db.schema.createTable('member_recovery_codes'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('member_recovery_codes_member').on('member_recovery_codes').column('member_id').execute();
  // The password step's proof, waiting for the second factor (5 minutes).
  await addIdColumn(db, db.schema.createTable('member_sign_in_challenges'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('team_members.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await addIdColumn(db, db.schema.createTable('api_keys'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.alterTable('admin_sessions').addColumn('member_id', 'integer').execute();
  await db.schema.alterTable('admin_sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('admin_sessions').addColumn('user_agent', 'text').execute();
  await db.schema.createIndex('admin_sessions_member').on('admin_sessions').column('member_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('admin_sessions_member').ifExists().execute();
  await db.schema.alterTable('admin_sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('ip').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('member_id').execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
  await db.schema.dropTable('member_sign_in_challenges').ifExists().execute();
  await db.schema.dropTable('member_recovery_codes').ifExists().execute();
  await db.schema.dropTable('team_members').ifExists().execute();
}
