import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// Workers read what is due, not what exists (issue 44; docs/big-shop.md, "Workers"):
// - Webhook deliveries: partial indexes of the pending ones by next attempt and of those in flight by lease, so a pass
//   reads the due rows only, never the delivered and failed history; they replace webhook_deliveries_due (0014),
//   which indexed every row by status.
// - Automatic renewal: the pass looked at every enabled opt-in (an index on `enabled` alone) and joined its licence to
//   read the expiry. The opt-in now carries its licence's expiry (`license_expires_at`, kept by triggers in the same
//   transaction as the licence's or the opt-in's change, whoever makes it), indexed for the enabled ones only
//   (replacing license_auto_renewals_enabled, 0032).
// - Renewal reminders need nothing new: `licenses_expires_at` (0026) is the range they read (tests check the plans).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_deliveries_pending_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_sending_lease on webhook_deliveries (lease_until) where status = 'sending'`.execute(db);
  await sql`drop index if exists webhook_deliveries_due`.execute(db);

  await db.schema.alterTable('license_auto_renewals').addColumn('license_expires_at', 'text').execute();
  await sql`update license_auto_renewals set license_expires_at = (select l.expires_at from licenses l where l.id = license_auto_renewals.license_id)
    where license_id is not null`.execute(db);
  await sql`create index license_auto_renewals_due on license_auto_renewals (license_expires_at, id) where enabled = 1`.execute(db);
  await sql`drop index if exists license_auto_renewals_enabled`.execute(db);

  const fromLicence = sql.raw(`update license_auto_renewals set license_expires_at = new.expires_at where license_id = new.id`);
  const ofOptIn = sql.raw(
    `update license_auto_renewals set license_expires_at = (select l.expires_at from licenses l where l.id = new.license_id) where id = new.id`,
  );
  if (isPostgres(db)) {
    await sql`create function licenses_auto_renew_expiry() returns trigger language plpgsql as $$ begin ${fromLicence}; return null; end $$`.execute(db);
    await sql`create trigger licenses_auto_renew_expiry after update of expires_at on licenses for each row
      when (old.expires_at is distinct from new.expires_at) execute function licenses_auto_renew_expiry()`.execute(db);
    await sql`create function auto_renewals_license_expiry() returns trigger language plpgsql as $$ begin ${ofOptIn}; return null; end $$`.execute(db);
    await sql`create trigger auto_renewals_license_expiry after insert or update of license_id on license_auto_renewals for each row
      execute function auto_renewals_license_expiry()`.execute(db);
    return;
  }
  await sql`create trigger licenses_auto_renew_expiry after update of expires_at on licenses when old.expires_at is not new.expires_at
    begin ${fromLicence}; end`.execute(db);
  await sql`create trigger auto_renewals_license_expiry_insert after insert on license_auto_renewals begin ${ofOptIn}; end`.execute(db);
  await sql`create trigger auto_renewals_license_expiry_update after update of license_id on license_auto_renewals begin ${ofOptIn}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists licenses_auto_renew_expiry on licenses`.execute(db);
    await sql`drop function if exists licenses_auto_renew_expiry()`.execute(db);
    await sql`drop trigger if exists auto_renewals_license_expiry on license_auto_renewals`.execute(db);
    await sql`drop function if exists auto_renewals_license_expiry()`.execute(db);
  } else {
    for (const name of ['licenses_auto_renew_expiry', 'auto_renewals_license_expiry_insert', 'auto_renewals_license_expiry_update'])
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  for (const name of ['license_auto_renewals_due', 'webhook_deliveries_pending_due', 'webhook_deliveries_sending_lease'])
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await db.schema.alterTable('license_auto_renewals').dropColumn('license_expires_at').execute();
  await db.schema.createIndex('license_auto_renewals_enabled').on('license_auto_renewals').column('enabled').execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
}
