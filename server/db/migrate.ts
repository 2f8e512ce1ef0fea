import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isPostgres } from './portable.js';
import * as core from './migrations/0001-core.js';
import * as licenses from './migrations/0002-licences.js';
import * as releases from './migrations/0004-releases.js';
import * as images from './migrations/0005-images.js';
import * as orders from './migrations/0006-orders.js';
import * as postcode from './migrations/0007-postcode.js';
import * as releaseMetadata from './migrations/0008-release-metadata.js';
import * as pluginCatalog from './migrations/0009-plugin-catalogue.js';
import * as orderOrigin from './migrations/0010-order-origin.js';
import * as paymentEventRef from './migrations/0011-payment-event-ref.js';
import * as customerAccounts from './migrations/0013-customer-accounts.js';
import * as outgoingWebhooks from './migrations/0014-outgoing-webhooks.js';
import * as siteReports from './migrations/0015-site-reports.js';
import * as forgetOrderOrigin from './migrations/0016-forget-order-origin.js';
import * as orderCheckoutKey from './migrations/0017-order-checkout-key.js';
import * as releaseChangelogs from './migrations/0018-release-changelogs.js';
import * as priceTiers from './migrations/0020-price-tiers.js';
import * as releaseChannels from './migrations/0023-release-channels.js';
import * as eddCompat from './migrations/0022-edd-compat.js';
import * as customers from './migrations/0021-customers.js';
import * as storeIdentity from './migrations/0030-store-identity.js';
import * as renewalReminders from './migrations/0026-renewal-reminders.js';
import * as renewalOrders from './migrations/0025-renewal-orders.js';
import * as deactivationReasons from './migrations/0029-deactivation-reasons.js';
import * as reviews from './migrations/0031-reviews.js';
import * as autoRenewal from './migrations/0032-auto-renewal.js';
import * as pluginFaq from './migrations/0034-plugin-faq.js';
import * as lemonSqueezyVariants from './migrations/0033-lemonsqueezy-variants.js';
import * as lemonSqueezyCheckoutLink from './migrations/0035-lemonsqueezy-checkout-link.js';
import * as orderRefundClaim from './migrations/0036-order-refund-claim.js';
import * as storeTerms from './migrations/0048-store-terms.js';
import * as team from './migrations/0056-team.js';
import * as auditLog from './migrations/0057-audit-log.js';
import * as storePageHtml from './migrations/0037-store-page-html.js';
import * as licenseKeySpelling from './migrations/0040-license-key-spelling.js';
import * as tax from './migrations/0060-tax.js';
import * as invoices from './migrations/0061-invoices.js';
import * as substringSearch from './migrations/0064-substring-search.js';
import * as listSearch from './migrations/0065-list-search.js';
import * as outboxPage from './migrations/0066-outbox-page.js';
import * as licenseCounts from './migrations/0067-license-counts.js';
import * as couponReservations from './migrations/0068-coupon-reservations.js';
import * as taxEvidenceStatus from './migrations/0074-tax-evidence-status.js';
import * as taxRegion from './migrations/0075-tax-region.js';
import * as dashboardRollups from './migrations/0076-dashboard-rollups.js';
import * as workerDueIndexes from './migrations/0077-worker-due-indexes.js';
import * as retention from './migrations/0078-retention.js';
import * as listKeysetIndexes from './migrations/0079-list-keyset-indexes.js';
import * as emailCounts from './migrations/0080-email-counts.js';
import * as passkeys from './migrations/0072-passkeys.js';
import * as activationsCounted from './migrations/0083-activations-counted.js';
import * as customerCount from './migrations/0084-customer-count.js';
import * as ordersListed from './migrations/0085-orders-listed.js';
import * as emailRecipients from './migrations/0086-email-recipients.js';
import * as autoRenewalExpiryBefore from './migrations/0087-auto-renewal-expiry-before.js';
import * as rollupsPerStatement from './migrations/0088-rollups-per-statement.js';
import * as coveringSorts from './migrations/0089-covering-sorts.js';
import * as pluginItemsChanged from './migrations/0090-plugin-items-changed.js';
import * as validationCovering from './migrations/0091-validation-covering.js';
import * as licenseChecks from './migrations/0092-license-checks.js';
import * as rollupsMovesLinear from './migrations/0093-rollups-moves-linear.js';
import * as pageCounts from './migrations/0094-page-counts.js';
import * as licenseChecksPostgres from './migrations/0095-license-checks-postgres.js';

// Migrations are listed here (not read from disk) so the bundled server carries them.
// Numbered, written once, never edited after they land.
const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-licences': licenses,
  '0004-releases': releases,
  '0005-images': images,
  '0006-orders': orders,
  '0007-postcode': postcode,
  '0008-release-metadata': releaseMetadata,
  '0009-plugin-catalogue': pluginCatalog,
  '0010-order-origin': orderOrigin,
  '0011-payment-event-ref': paymentEventRef,
  '0013-customer-accounts': customerAccounts,
  '0014-outgoing-webhooks': outgoingWebhooks,
  '0015-site-reports': siteReports,
  '0016-forget-order-origin': forgetOrderOrigin,
  '0017-order-checkout-key': orderCheckoutKey,
  '0018-release-changelogs': releaseChangelogs,
  '0020-price-tiers': priceTiers,
  '0023-release-channels': releaseChannels,
  '0022-edd-compat': eddCompat,
  '0021-customers': customers,
  '0030-store-identity': storeIdentity,
  '0026-renewal-reminders': renewalReminders,
  '0025-renewal-orders': renewalOrders,
  '0029-deactivation-reasons': deactivationReasons,
  '0031-reviews': reviews,
  '0032-auto-renewal': autoRenewal,
  '0034-plugin-faq': pluginFaq,
  '0033-lemonsqueezy-variants': lemonSqueezyVariants,
  '0035-lemonsqueezy-checkout-link': lemonSqueezyCheckoutLink,
  '0036-order-refund-claim': orderRefundClaim,
  '0048-store-terms': storeTerms,
  '0056-team': team,
  '0057-audit-log': auditLog,
  '0037-store-page-html': storePageHtml,
  '0040-license-key-spelling': licenseKeySpelling,
  '0060-tax': tax,
  '0061-invoices': invoices,
  '0064-substring-search': substringSearch,
  '0065-list-search': listSearch,
  '0066-outbox-page': outboxPage,
  '0067-license-counts': licenseCounts,
  '0068-coupon-reservations': couponReservations,
  '0074-tax-evidence-status': taxEvidenceStatus,
  '0075-tax-region': taxRegion,
  '0076-dashboard-rollups': dashboardRollups,
  '0077-worker-due-indexes': workerDueIndexes,
  '0078-retention': retention,
  '0079-list-keyset-indexes': listKeysetIndexes,
  '0080-email-counts': emailCounts,
  '0072-passkeys': passkeys,
  '0083-activations-counted': activationsCounted,
  '0084-customer-count': customerCount,
  '0085-orders-listed': ordersListed,
  '0086-email-recipients': emailRecipients,
  '0087-auto-renewal-expiry-before': autoRenewalExpiryBefore,
  '0088-rollups-per-statement': rollupsPerStatement,
  '0089-covering-sorts': coveringSorts,
  '0090-plugin-items-changed': pluginItemsChanged,
  '0091-validation-covering': validationCovering,
  '0092-license-checks': licenseChecks,
  '0093-rollups-moves-linear': rollupsMovesLinear,
  '0094-page-counts': pageCounts,
  '0095-license-checks-postgres': licenseChecksPostgres,
};

// 'pls' and this schema: instances of other schemas (tests) never wait for each other.
const MIGRATION_LOCK_KEY = 0x706c73;
// While one process migrates, the others wait for SQLite's write lock this long (5 s outside migrations).
const SQLITE_MIGRATION_WAIT_MS = 10 * 60_000;

/**
 * Migrates to the latest version, then runs `afterMigrations` (the demo seed), all under one lock, so
 * instances starting together migrate once and the others find nothing left to do:
 * - PostgreSQL: a session advisory lock (`pg_advisory_lock`) held on one pooled connection while the
 *   migrations run on others (the pool must allow 2; ours has 10). Kysely's own lock comes after it creates its
 *   tables, which two fresh starts raced on.
 * - SQLite: one `BEGIN IMMEDIATE` transaction (the file's write lock) around everything; Kysely runs SQLite
 *   migrations on its single connection without a transaction of its own, so they all land in this one,
 *   and a failed start leaves nothing half-migrated.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>, afterMigrations?: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) {
    await db.connection().execute(async (lockConnection) => {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY}, hashtext(current_schema()))`.execute(lockConnection);
      try {
        await runMigrations(db);
        await afterMigrations?.();
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY}, hashtext(current_schema()))`.execute(lockConnection);
      }
    });
    return;
  }
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
  const busyTimeout = rows[0]?.timeout ?? 5000;
  await sql.raw(`pragma busy_timeout = ${SQLITE_MIGRATION_WAIT_MS}`).execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await runMigrations(db);
      await afterMigrations?.();
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${Number(busyTimeout)}`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
async function runMigrations(db: Kysely<any>): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which; name the current one.
  const migrationTableSchema = isPostgres(db) ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's introspection reads every schema of the database; one dropped meanwhile by another user of it (test
  // files drop theirs) fails the read with "schema … does not exist". Nothing was migrated then: read again.
  for (let retry = 0; retry < 5 && migrationTableSchema && isOtherSchemaGone(error, migrationTableSchema); retry++) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

function isOtherSchemaGone(error: unknown, ownSchema: string): boolean {
  const gone = error instanceof Error ? /schema "([^"]+)" does not exist/.exec(error.message)?.[1] : undefined;
  return gone !== undefined && gone !== ownSchema;
}
