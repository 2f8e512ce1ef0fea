// Customer accounts: sign-in tokens, customer sessions, and the customer's own licences and orders.
// Every e-mail passed in here is already lower-cased (normaliseEmail); stored addresses are compared with
// lower(...) so `Buyer@Example.com` at checkout and `buyer@example.com` at sign-in are one customer.
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isPostgres } from '../../db/portable.js';
import type { Db } from '../../db/database.js';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// --- sign-in tokens ---

export async function countTokensSince(db: Db, email: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('customer_sign_in_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Serialises the sign-in links of one address until the transaction ends, across every process on the
 * database, so that counting the recent ones and adding one is a single step. PostgreSQL: a transaction-scoped
 * advisory lock on a 64-bit hash of the address (a collision only serialises two unrelated requests); SQLite's
 * transactions hold the file's write lock from BEGIN (server/db/database.ts).
 */
export async function lockSignInAddress(trx: Transaction<DB>, email: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${email}`}, 0))`.execute(trx);
}

export async function insertToken(db: Db, values: { token_hash: string; email: string; created_at: string; expires_at: string }): Promise<void> {
  await db
    .insertInto('customer_sign_in_tokens')
    .values({ ...values, used_at: null })
    .execute();
}

/**
 * Marks a live token used and answers its e-mail, or undefined when it is unknown, used or expired. One
 * UPDATE with the conditions in its WHERE: of two concurrent uses, only one changes the row (PostgreSQL
 * re-checks the WHERE after waiting for the other's row lock; SQLite runs one write at a time).
 */
export async function consumeToken(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const result = await db
    .updateTable('customer_sign_in_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db.selectFrom('customer_sign_in_tokens').select('email').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.email;
}

/** Tokens older than `before` can neither sign in nor count toward the per-address limit. */
export async function deleteTokensCreatedBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('customer_sign_in_tokens').where('created_at', '<', before).execute();
}

// --- sessions ---

export async function insertSession(db: Db, values: { token_hash: string; email: string; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto('customer_sessions').values(values).execute();
}

export async function findLiveSession(db: Db, tokenHash: string, now: string): Promise<{ email: string; expires_at: string } | undefined> {
  return db
    .selectFrom('customer_sessions')
    .select(['email', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('customer_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('customer_sessions').where('expires_at', '<=', now).execute();
}

// --- the customer's data ---

/** Orders a customer can see: paid or refunded (a pending order was never bought). */
export const VISIBLE_ORDER_STATUSES = ['paid', 'refunded'] as const;

/**
 * The licences of one customer: those naming the address as customer, and those bought by an order from it
 * (a licence the admin made for an order keeps the order's address; both are checked so neither is missed).
 */
function ownedLicense(email: string): (eb: ExpressionBuilder<DB, 'licenses'>) => Expression<SqlBool> {
  return (eb) =>
    eb.or([
      eb(sql<string>`lower(licenses.customer_email)`, '=', email),
      // An order's licence belongs to its buyer only while it names no other customer (a transferred licence does).
      eb.and([
        eb('licenses.customer_email', 'is', null),
        eb(
          'licenses.id',
          'in',
          eb
            .selectFrom('orders')
            .select('orders.license_id')
            .where(sql<string>`lower(orders.email)`, '=', email)
            .where('orders.license_id', 'is not', null)
            .$narrowType<{ license_id: number }>(),
        ),
      ]),
    ]);
}

export async function hasPurchases(db: Db, email: string): Promise<boolean> {
  const license = await db.selectFrom('licenses').select('licenses.id').where(ownedLicense(email)).limit(1).executeTakeFirst();
  if (license) return true;
  const order = await db
    .selectFrom('orders')
    .select('orders.id')
    .where(sql<string>`lower(orders.email)`, '=', email)
    .where('orders.status', 'in', VISIBLE_ORDER_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}

const licenseColumns = [
  'licenses.id',
  'licenses.key',
  'licenses.key_spelling',
  'licenses.plugin_slug',
  'licenses.plan',
  'licenses.status',
  'licenses.max_activations',
  'licenses.expires_at',
  'licenses.created_at',
  'licenses.price_id',
  'plugins.name as plugin_name',
] as const;

export async function listOwnedLicenses(db: Db, email: string) {
  return db
    .selectFrom('licenses')
    .leftJoin('plugins', 'plugins.slug', 'licenses.plugin_slug')
    .select(licenseColumns)
    .where(ownedLicense(email))
    .orderBy('licenses.created_at', 'desc')
    .orderBy('licenses.id', 'desc')
    .execute();
}

export async function findOwnedLicense(db: Db, email: string, id: number) {
  return db
    .selectFrom('licenses')
    .leftJoin('plugins', 'plugins.slug', 'licenses.plugin_slug')
    .select(licenseColumns)
    .where('licenses.id', '=', id)
    .where(ownedLicense(email))
    .executeTakeFirst();
}

export type OwnedLicenseRow = NonNullable<Awaited<ReturnType<typeof findOwnedLicense>>>;

function ownedOrders(db: Db, email: string) {
  return (
    db
      .selectFrom('orders')
      .leftJoin('plugins', 'plugins.slug', 'orders.plugin_slug')
      // The licence an order made, or the one a renewal or upgrade changed (0025-renewal-orders).
      .leftJoin('licenses', (join) => join.on(sql<boolean>`licenses.id = coalesce(orders.license_id, orders.target_license_id)`))
      .leftJoin('coupons', 'coupons.id', 'orders.coupon_id')
      .select([
        'orders.id',
        'orders.email',
        'orders.plugin_slug',
        'orders.amount',
        'orders.discount_amount',
        'coupons.code as coupon_code',
        'orders.currency',
        'orders.status',
        'orders.created_at',
        'orders.paid_at',
        'plugins.name as plugin_name',
        'licenses.plan as plan',
        'orders.price_id',
      ])
      .where(sql<string>`lower(orders.email)`, '=', email)
      .where('orders.status', 'in', VISIBLE_ORDER_STATUSES)
  );
}

export async function listOwnedOrders(db: Db, email: string) {
  return ownedOrders(db, email).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').execute();
}

export async function findOwnedOrder(db: Db, email: string, id: number) {
  return ownedOrders(db, email).where('orders.id', '=', id).executeTakeFirst();
}

export type OwnedOrderRow = NonNullable<Awaited<ReturnType<typeof findOwnedOrder>>>;

/** Ends every session and unused sign-in link of an address (a customer erased or moved to another address). */
export async function forgetCustomerAddress(db: Db, email: string): Promise<void> {
  await db.deleteFrom('customer_sessions').where('email', '=', email).execute();
  await db.deleteFrom('customer_sign_in_tokens').where('email', '=', email).execute();
}
