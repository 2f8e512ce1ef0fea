import { type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Passkeys (WebAuthn) of staff members and the owner and the ceremonies' challenges (issue 42, docs/team.md); owner:
// server/modules/team. A challenge is stored here, not in memory, so the instance that checks the answer need not
// be the one that asked; it is taken (deleted) when used and lives two minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('member_passkeys'))
    // Null: the owner's (the account of the specification's password login, which has no member row).
    .addColumn('member_id', 'integer', (c) => c.references('team_members.id').onDelete('cascade'))
    // The credential id (base64url) as the authenticator answers it; the public key is COSE, base64url.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The signature counter last seen: an assertion whose counter does not move past it is refused (a cloned key).
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('member_passkeys_member').on('member_passkeys').column('member_id').execute();
  await addIdColumn(db, db.schema.createTable('webauthn_challenges'))
    .addColumn('challenge_hash', 'text', (c) => c.notNull().unique())
    // 'register', 'second-factor' (after the password), 'sign-in' (passwordless, member unknown until the answer), and
    // the owner's 'owner-register', 'owner-password' (the owner's password step) and 'owner-second-factor'.
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.references('team_members.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').ifExists().execute();
  await db.schema.dropTable('member_passkeys').ifExists().execute();
}
