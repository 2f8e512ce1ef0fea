import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// PostgreSQL: an opt-in's copy of its licence's expiry (0077-worker-due-indexes) set on the row as it is written, by a
// BEFORE trigger, instead of an UPDATE of the row just written (an AFTER trigger, as SQLite's triggers must be). The
// update wrote every new opt-in twice: 20,000 opt-ins inserted by one statement took 1,258 ms that way, 611 ms this
// way (58 ms with no trigger at all). SQLite keeps 0077's triggers: its update finds the row by rowid.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger auto_renewals_license_expiry on license_auto_renewals`.execute(db);
  await sql`create or replace function auto_renewals_license_expiry() returns trigger language plpgsql as $$
    begin
      new.license_expires_at := (select l.expires_at from licenses l where l.id = new.license_id);
      return new;
    end $$`.execute(db);
  await sql`create trigger auto_renewals_license_expiry before insert or update of license_id on license_auto_renewals for each row
    execute function auto_renewals_license_expiry()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger auto_renewals_license_expiry on license_auto_renewals`.execute(db);
  await sql`create or replace function auto_renewals_license_expiry() returns trigger language plpgsql as $$
    begin
      update license_auto_renewals set license_expires_at = (select l.expires_at from licenses l where l.id = new.license_id) where id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger auto_renewals_license_expiry after insert or update of license_id on license_auto_renewals for each row
    execute function auto_renewals_license_expiry()`.execute(db);
}
