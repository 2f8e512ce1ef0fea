import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Automatic renewal (issue 26; docs/pricing.md "Automatic renewal"; decision 0013). One row per opt-in, owned by the
// checkout module: the provider's references of the saved card (Stripe: the Customer and its PaymentMethod; the
// test provider: the test card) and the state of the charges for the licence's current term.
// - `order_id`: the checkout order whose payment saved the card; `license_id` is set when that order is paid (the
//   licence it made or renewed), unique: one saved card per licence.
// - `term_expires_at` and `attempts`: the expiry the charges are for and how many were claimed. Claiming an attempt is
//   one conditional UPDATE on these two, so several instances charge a term once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('license_auto_renewals'))
    .addColumn('license_id', 'integer', (c) => c.unique())
    .addColumn('order_id', 'integer', (c) => c.unique())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_ref', 'text')
    .addColumn('payment_method_ref', 'text')
    .addColumn('term_expires_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('license_auto_renewals_enabled').on('license_auto_renewals').column('enabled').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('license_auto_renewals').execute();
}
