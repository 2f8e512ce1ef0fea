import { type Kysely, sql } from 'kysely';
import { addIdColumn } from '../portable.js';

// Customer self-service (docs/account.md): one-time sign-in links and customer sessions. Both keep only the
// SHA-256 of their secret, so a copy of the database signs no one in. `email` is stored lower-cased; the
// customer's licences and orders are found by lower(customer_email) / lower(email), hence the two
// expression indexes (both SQLite and PostgreSQL index expressions).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('customer_sign_in_tokens'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  // The per-address limit counts an address's links of the last 15 minutes.
  await db.schema.createIndex('customer_sign_in_tokens_email').on('customer_sign_in_tokens').columns(['email', 'created_at']).execute();

  await addIdColumn(db, db.schema.createTable('customer_sessions'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('licenses_customer_email_lower')
    .on('licenses')
    .expression(sql`lower(customer_email)`)
    .execute();
  await db.schema
    .createIndex('orders_email_lower')
    .on('orders')
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_email_lower').execute();
  await db.schema.dropIndex('licenses_customer_email_lower').execute();
  await db.schema.dropTable('customer_sessions').execute();
  await db.schema.dropTable('customer_sign_in_tokens').execute();
}
