import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isPostgres } from './portable.js';
import * as core from './migrations/0001-core.js';
import * as licences from './migrations/0002-licences.js';
import * as releases from './migrations/0004-releases.js';
import * as images from './migrations/0005-images.js';
import * as orders from './migrations/0006-orders.js';
import * as postcode from './migrations/0007-postcode.js';
import * as releaseMetadata from './migrations/0008-release-metadata.js';
import * as pluginCatalogue from './migrations/0009-plugin-catalogue.js';
import * as orderOrigin from './migrations/0010-order-origin.js';
import * as paymentEventRef from './migrations/0011-payment-event-ref.js';

// Migrations are listed here (not read from disk) so the bundled server carries them.
// Numbered, written once, never edited after they land.
const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-licences': licences,
  '0004-releases': releases,
  '0005-images': images,
  '0006-orders': orders,
  '0007-postcode': postcode,
  '0008-release-metadata': releaseMetadata,
  '0009-plugin-catalogue': pluginCatalogue,
  '0010-order-origin': orderOrigin,
  '0011-payment-event-ref': paymentEventRef,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which; name the current one.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
