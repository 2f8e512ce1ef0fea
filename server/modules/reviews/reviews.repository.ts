import type { Insertable, Selectable, Transaction } from 'kysely';
import type { ReviewStatus } from '../../../common/reviews.js';
import type { DB, ReviewsTable } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

// Every query on the `reviews` table (docs/architecture.md, "One owner per table").

export type ReviewRow = Selectable<ReviewsTable>;
export async function findReviewOf(db: Db, pluginSlug: string, email: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('plugin_slug', '=', pluginSlug).where('email', '=', email).executeTakeFirst();
}

export async function findReviewById(db: Db, id: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertReview(db: Db, review: Insertable<ReviewsTable>): Promise<ReviewRow> {
  return db.insertInto('reviews').values(review).returningAll().executeTakeFirstOrThrow();
}

/** The author's edit: new texts and rating, back to pending (the vendor approves it again). */
export async function updateReviewText(
  db: Db,
  id: number,
  changes: Pick<ReviewsTable, 'rating' | 'title' | 'body' | 'updated_at'>,
): Promise<ReviewRow | undefined> {
  return db
    .updateTable('reviews')
    .set({ ...changes, status: 'pending' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function setReviewStatus(db: Db, id: number, status: ReviewStatus, at: string): Promise<ReviewRow | undefined> {
  return db.updateTable('reviews').set({ status, updated_at: at }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function listReviewsByEmail(db: Db, email: string): Promise<ReviewRow[]> {
  return db.selectFrom('reviews').selectAll().where('email', '=', email).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

export async function listReviews(db: Db, filter: { status?: ReviewStatus; plugin?: string }, limit: number): Promise<ReviewRow[]> {
  let query = db.selectFrom('reviews').selectAll();
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.plugin) query = query.where('plugin_slug', '=', filter.plugin);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function listApprovedReviews(db: Db, pluginSlug: string, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('plugin_slug', '=', pluginSlug)
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface ReviewStats {
  /** The average of the approved ratings (not rounded). */
  average: number;
  count: number;
}

/** The approved reviews' average and count per plugin, in one grouped statement (plugins without any are absent). */
export async function approvedReviewStats(db: Db, pluginSlugs: string[]): Promise<Map<string, ReviewStats>> {
  if (pluginSlugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .select(['plugin_slug', (eb) => eb.fn.sum<string | number>('rating').as('total'), (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('plugin_slug', 'in', pluginSlugs)
    .where('status', '=', 'approved')
    .groupBy('plugin_slug')
    .execute();
  return new Map(rows.map((row) => [row.plugin_slug, { average: Number(row.total) / Number(row.n), count: Number(row.n) }]));
}

/**
 * A buyer's address changed or was merged into another (server/modules/customers): their reviews follow it. Where the
 * other address already reviewed the same plugin, that review is kept and the moved one dropped (one per address).
 */
export async function moveReviewsToAddress(trx: Transaction<DB>, from: string, to: string, at: string): Promise<void> {
  const taken = await trx.selectFrom('reviews').select('plugin_slug').where('email', '=', to).execute();
  if (taken.length > 0) {
    await trx
      .deleteFrom('reviews')
      .where('email', '=', from)
      .where(
        'plugin_slug',
        'in',
        taken.map((row) => row.plugin_slug),
      )
      .execute();
  }
  await trx.updateTable('reviews').set({ email: to, updated_at: at }).where('email', '=', from).execute();
}

/** A buyer erased (server/modules/customers): their reviews go with them. */
export async function deleteReviewsOfAddress(trx: Transaction<DB>, email: string): Promise<void> {
  await trx.deleteFrom('reviews').where('email', '=', email).execute();
}
