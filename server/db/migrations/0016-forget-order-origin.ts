import type { Kysely } from 'kysely';

// Orders no longer keep the origin (Host) of the request that created them: e-mailed links never take their
// host from a buyer's or an anonymous request (docs/checkout.md, "Links in e-mails"). The origins stored
// since 0010 are cleared so none can ever feed a link again; the column stays, always null.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('orders').set({ origin: null }).where('origin', 'is not', null).execute();
}

export async function down(): Promise<void> {
  // The origins are gone for good; there is nothing to restore.
}
