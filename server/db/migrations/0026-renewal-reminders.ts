import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Renewal reminders and the `license.expired` event (issue 26, docs/renewal-reminders.md).
// - `license_reminders`: one row per licence, term (its `expires_at` then) and step (a day offset such as `-30`, or
//   `expired` for the webhook event). The unique key is the claim: the instance whose insert lands sends the step,
//   every other instance (or a restart) finds the row and sends nothing.
// - `reminder_opt_outs`: licences whose owner followed the unsubscribe link.
// - `licenses_expires_at`: finding the licences whose step is due is a range on `expires_at` (bench/renewal-reminders.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('license_reminders'))
    .addColumn('license_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('email_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('license_reminders_license_term_step', ['license_id', 'expires_at', 'step'])
    .execute();
  await db.schema.createIndex('license_reminders_email_id').on('license_reminders').column('email_id').execute();

  await db.schema
    .createTable('reminder_opt_outs')
    .addColumn('license_id', 'integer', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('licenses_expires_at').on('licenses').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('licenses_expires_at').execute();
  await db.schema.dropTable('reminder_opt_outs').execute();
  await db.schema.dropTable('license_reminders').execute();
}
