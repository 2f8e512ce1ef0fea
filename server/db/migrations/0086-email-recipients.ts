import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';
import { trigramOps } from './0064-substring-search.js';

// The Outbox search by part of an address, on PostgreSQL (issue 44, docs/big-shop.md "The Outbox search"). 0065 put a
// trigram index on every e-mail's recipient: at 2,000,000 e-mails a part sharing its trigrams with most addresses
// ("buyer…", "…gmail.com") made that index's scan about 76 ms of a 100 ms bar. Messages grow with the years, addresses
// with the customers: this table holds each recipient address once (lower-cased), with the trigram index, and the
// search finds the addresses there (600,000 at a million licences: 11 ms) and their messages on the
// `emails_to_address_lower` index. Kept by triggers on emails: an insert adds its addresses (once a statement, from
// the transition table); a delete, or a change of address (the erasure's), drops an address no message has any more,
// so an erased address leaves no trace here. The per-message trigram index goes. SQLite keeps 0065's FTS5 table:
// its search measured 8 ms at the same size.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const ops = await trigramOps(db);
  await sql`create table email_recipients (address text primary key)`.execute(db);
  await sql`insert into email_recipients (address) select distinct lower(to_address) from emails`.execute(db);
  await sql`create index email_recipients_trgm on email_recipients using gin (address ${ops})`.execute(db);
  await sql`create function email_recipients_add() returns trigger language plpgsql as $$
    begin
      insert into email_recipients (address) select distinct lower(to_address) from new_rows on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger email_recipients_add after insert on emails referencing new table as new_rows
    for each statement execute function email_recipients_add()`.execute(db);
  await sql`create function email_recipients_forget() returns trigger language plpgsql as $$
    begin
      delete from email_recipients r where r.address = lower(old.to_address)
        and not exists (select 1 from emails e where lower(e.to_address) = r.address);
      if tg_op = 'UPDATE' then
        insert into email_recipients (address) values (lower(new.to_address)) on conflict do nothing;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger email_recipients_forget after delete on emails for each row execute function email_recipients_forget()`.execute(db);
  await sql`create trigger email_recipients_readdress after update of to_address on emails for each row
    when (old.to_address is distinct from new.to_address) execute function email_recipients_forget()`.execute(db);
  await sql`drop index emails_to_address_trgm`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create index emails_to_address_trgm on emails using gin (lower(to_address) ${await trigramOps(db)})`.execute(db);
  for (const trigger of ['email_recipients_add', 'email_recipients_forget', 'email_recipients_readdress'])
    await sql`drop trigger if exists ${sql.id(trigger)} on emails`.execute(db);
  for (const fn of ['email_recipients_add', 'email_recipients_forget']) await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
  await sql`drop table email_recipients`.execute(db);
}
