import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB, LicenseActivationsTable, LicensesTable } from '../../db/schema.js';
import { isPostgres } from '../../db/portable.js';
import { recordEndedActivations } from './activation-history.js';
import type { Db } from '../../db/database.js';

export type LicenseRow = Selectable<LicensesTable>;
export type ActivationRow = Selectable<LicenseActivationsTable>;
export async function findLicenseByKey(db: Db, key: string): Promise<LicenseRow | undefined> {
  return db.selectFrom('licenses').selectAll().where('key', '=', key).executeTakeFirst();
}

/** What validation needs of a licence: its state and public view, nothing more. */
export type ValidationLicense = Pick<LicenseRow, 'key' | 'plugin_slug' | 'plan' | 'status' | 'max_activations' | 'expires_at'>;

/** A licence's order, price tier and buyer (EDD's check answers with them). */
export type LicensePurchase = Pick<LicenseRow, 'order_id' | 'price_id' | 'customer_email'>;

export interface ValidationRow extends ValidationLicense, LicensePurchase {
  /** Counted (non-local) activations. */
  used: number | string;
  activation_id: number | null;
  last_checked_at: string | null;
  // what the site last reported (site-report.ts), read here so recording a report needs no extra read
  installed_version: string | null;
  wp_version: string | null;
  php_version: string | null;
  /** The buyer's name (EDD's check answers with it; null: no such customer or no name). */
  customer_name: string | null;
}

/**
 * The validation hot path as one indexed statement: the licence by key (with its purchase and buyer's name, for
 * EDD's check), its counted activations, and the activation of `site` ('' matches no site). Its parameters are, in
 * this order, `site` and `key` (the validation readers prepare the same text).
 *
 * It reads `license_checks` (SQLite: 0092, PostgreSQL: 0095; docs/big-shop.md "One B-tree a check"): the licence's
 * row (site '') and the site's beside it, one descent of one B-tree, kept by triggers from licences, activations and
 * customers. `validationLookupOffTables` reads the same off those tables (the tests compare the two).
 *
 * Each parameter is compared through `cast(… as text)`, which changes nothing of its value or of the plan but keeps
 * SQLite from re-preparing the statement at every call: with statistics in `sqlite_stat4` (after `analyze`; SQLite as
 * better-sqlite3 builds it has STAT4) a parameter compared directly with an indexed column makes the plan depend on
 * the value, so a new value re-plans the statement. That cost 30–35 µs of a 45–65 µs lookup (docs/big-shop.md,
 * "Re-prepared at every call"); PostgreSQL's generic plan is the same either way.
 */
export const validationLookup = (key: string, site: string) => sql<ValidationRow>`
  select l.key, l.plugin_slug, l.plan, l.status, l.max_activations, l.expires_at, l.order_id, l.price_id, l.customer_email, l.used,
    m.activation_id, m.last_checked_at, m.installed_version, m.wp_version, m.php_version, l.customer_name
  from license_checks l
  left join license_checks m on m.key = l.key and m.site = cast(${site} as text) and m.site <> ''
  where l.key = cast(${key} as text) and l.site = ''`;

/** What `validationLookup` reads, off the tables `license_checks` is kept from (tests and bench/lookup-cost.ts). */
export const validationLookupOffTables = (key: string, site: string) => sql<ValidationRow>`
  select l.key, l.plugin_slug, l.plan, l.status, l.max_activations, l.expires_at, l.order_id, l.price_id, l.customer_email,
    (select count(*) from license_activations c where c.license_id = l.id and c.is_local = 0) as used,
    m.id as activation_id, m.last_checked_at, m.installed_version, m.wp_version, m.php_version,
    (select b.name from customers b where b.email = lower(l.customer_email)) as customer_name
  from licenses l
  left join license_activations m on m.license_id = l.id and m.site_url = cast(${site} as text)
  where l.key = cast(${key} as text)`;

export interface ValidationLookup {
  license: ValidationLicense;
  /** Read with the licence, for EDD's check_license (the same row: no further read). */
  purchase: LicensePurchase;
  /** The buyer's name (null: no such customer, or one without a name). */
  buyerName: string | null;
  used: number;
  activation: { id: number; last_checked_at: string | null; installed_version: string | null; wp_version: string | null; php_version: string | null } | null;
}

/** Each field by name, not by a rest pattern: this runs on every validation (20 ns against 180 ns with the rest copy). */
export function toValidationLookup(row: ValidationRow | undefined): ValidationLookup | undefined {
  if (!row) return undefined;
  const { key, plugin_slug, plan, status, max_activations, expires_at, activation_id } = row;
  return {
    license: { key, plugin_slug, plan, status, max_activations, expires_at },
    purchase: { order_id: row.order_id, price_id: row.price_id, customer_email: row.customer_email },
    buyerName: row.customer_name,
    used: Number(row.used),
    activation:
      activation_id === null
        ? null
        : {
            id: activation_id,
            last_checked_at: row.last_checked_at,
            installed_version: row.installed_version,
            wp_version: row.wp_version,
            php_version: row.php_version,
          },
  };
}

export async function findLicenseForValidation(db: Db, key: string, siteUrl: string | undefined): Promise<ValidationLookup | undefined> {
  const { rows } = await validationLookup(key, siteUrl ?? '').execute(db);
  return toValidationLookup(rows[0]);
}

export async function findLicenseById(db: Db, id: number): Promise<LicenseRow | undefined> {
  return db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Reads the licence and, in PostgreSQL, locks its row until the transaction ends (SQLite serialises transactions). */
export async function lockLicenseByKey(trx: Transaction<DB>, key: string): Promise<LicenseRow | undefined> {
  const query = trx.selectFrom('licenses').selectAll().where('key', '=', key);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function lockLicenseById(trx: Transaction<DB>, id: number): Promise<LicenseRow | undefined> {
  const query = trx.selectFrom('licenses').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function findActivation(db: Db, licenseId: number, siteUrl: string): Promise<ActivationRow | undefined> {
  return db.selectFrom('license_activations').selectAll().where('license_id', '=', licenseId).where('site_url', '=', siteUrl).executeTakeFirst();
}

export async function listActivations(db: Db, licenseId: number): Promise<ActivationRow[]> {
  return db.selectFrom('license_activations').selectAll().where('license_id', '=', licenseId).orderBy('created_at').orderBy('id').execute();
}

export async function countCountedActivations(db: Db, licenseId: number): Promise<number> {
  const row = await db
    .selectFrom('license_activations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('license_id', '=', licenseId)
    .where('is_local', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Counted (non-local) activations per licence, for lists. */
/** The fields of a licence a download re-checks (status, expiry, plugin), by the id its download token carries. */
export async function findLicenseForDownload(db: Db, id: number) {
  return db.selectFrom('licenses').select(['id', 'plugin_slug', 'status', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

/** How many licences name the plugin's slug (WordPress sites send it to validate and update). */
export async function countLicensesOfPlugin(db: Db, pluginSlug: string): Promise<number> {
  const row = await db
    .selectFrom('licenses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('plugin_slug', '=', pluginSlug)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertLicense(db: Db, values: Omit<LicenseRow, 'id' | 'channel' | 'key_spelling'>): Promise<LicenseRow> {
  return db.insertInto('licenses').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateLicense(db: Db, id: number, values: Partial<Omit<LicenseRow, 'id' | 'key' | 'created_at'>>): Promise<void> {
  await db.updateTable('licenses').set(values).where('id', '=', id).execute();
}

export async function insertActivation(db: Db, values: Insertable<LicenseActivationsTable>): Promise<void> {
  await db.insertInto('license_activations').values(values).execute();
}

export async function insertActivations(db: Db, values: Array<Insertable<LicenseActivationsTable>>): Promise<void> {
  if (values.length > 0) await db.insertInto('license_activations').values(values).execute();
}

export async function touchActivation(db: Db, id: number, checkedAt: string): Promise<void> {
  await db.updateTable('license_activations').set({ last_checked_at: checkedAt }).where('id', '=', id).execute();
}

/** Deletes the activation, kept in ended_activations for the dashboard's history (activation-history.ts). */
export async function deleteActivation(db: Db, id: number): Promise<void> {
  await recordEndedActivations(db, { id });
  await db.deleteFrom('license_activations').where('id', '=', id).execute();
}

export async function deleteActivationsOfLicense(db: Db, licenseId: number): Promise<void> {
  await recordEndedActivations(db, { licenseId });
  await db.deleteFrom('license_activations').where('license_id', '=', licenseId).execute();
}

/** The dashboard's total: the counts kept per plugin by 0067-license-counts' triggers, not a count of every licence. */
export async function countAllLicenses(db: Db): Promise<number> {
  const total = await db
    .selectFrom('license_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'))
    .executeTakeFirst();
  return Number(total?.n ?? 0);
}

/**
 * Active (not revoked) licences whose expiry is in (`after`, `before`): the dashboard counts today's part of its
 * active licences with it, on the expiry sort's index (0064, `licenses_expiry_sort`); the other days come from
 * its roll-up.
 */
export async function countActiveExpiringBetween(db: Db, after: string, before: string): Promise<number> {
  const expiry = sql<string>`coalesce(expires_at, '9999-12-31T23:59:59.999Z')`;
  const row = await db
    .selectFrom('licenses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'active')
    .where(expiry, '>', after)
    .where(expiry, '<', before)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Moves every licence naming one address (compared lower-cased) to another, or to nobody (null: an erase). */
export async function reassignLicenses(db: Db, fromEmail: string, toEmail: string | null, at: string): Promise<number> {
  const result = await db
    .updateTable('licenses')
    .set({ customer_email: toEmail, updated_at: at })
    .where(sql<string>`lower(customer_email)`, '=', fromEmail)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The sites of several licences at once (a customer's account page, the admin's customer page), oldest first. */
export async function listActivationsOfLicenses(db: Db, licenseIds: number[]) {
  if (licenseIds.length === 0) return [];
  return db
    .selectFrom('license_activations')
    .select(['id', 'license_id', 'site_url', 'is_local', 'created_at', 'last_checked_at'])
    .where('license_id', 'in', licenseIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Active installs per plugin (docs/storefront.md, "Reviews and numbers"): the distinct sites (not local or staging)
 * activated on a licence of the plugin that is not revoked. One grouped statement for the whole catalogue.
 */
export async function countActiveInstalls(db: Db, pluginSlugs: string[]): Promise<Map<string, number>> {
  if (pluginSlugs.length === 0) return new Map();
  const rows = await db
    .selectFrom('license_activations')
    .innerJoin('licenses', 'licenses.id', 'license_activations.license_id')
    .select(['licenses.plugin_slug', (eb) => eb.fn.count<string | number>('license_activations.site_url').distinct().as('n')])
    .where('licenses.plugin_slug', 'in', pluginSlugs)
    .where('licenses.status', '!=', 'revoked')
    .where('license_activations.is_local', '=', 0)
    .groupBy('licenses.plugin_slug')
    .execute();
  return new Map(rows.map((row) => [row.plugin_slug, Number(row.n)]));
}

/**
 * The plugins an address may review (docs/storefront.md, "Reviews and numbers"): those it holds a licence of that
 * was not revoked (an expired one still counts: the buyer used the plugin). The address compared in lower case.
 */
export async function listLicensedPluginSlugs(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('licenses')
    .select('plugin_slug')
    .distinct()
    .where(sql<string>`lower(customer_email)`, '=', email.toLowerCase())
    .where('status', '!=', 'revoked')
    .execute();
  return rows.map((row) => row.plugin_slug).sort();
}
