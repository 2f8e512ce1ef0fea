import { sql, type Kysely } from 'kysely';

// The vendor's terms (issue 40; common/store-terms.ts): refund window, support promise, key prefix and spelling,
// new fields of the `store_identity` settings value. Before them every shop promised the demo vendor's 30 days and
// 24 hours and issued 8022- keys. The demo shop keeps its terms, now as data; another shop's identity reads the
// neutral defaults (no guarantee, no promise, keys without a prefix) until the vendor sets its own. Keys already
// issued keep their prefix and still validate: a key is looked up whole, whatever its first group.
const DEMO_SUPPORT_ADDRESS = 'support@8022.dev';
/** docs/product-spec.md section 9, as the demo seed writes them (common/store-identity.ts DEMO_STORE_IDENTITY). */
const DEMO_STORE_TERMS = { refund_days: 30, support_promise: 'within 24 hours', license_key_prefix: '8022', spelling: 'british' };

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ value: string }>`select value from settings where key = 'store_identity'`.execute(db);
  const stored = rows.rows[0]?.value;
  if (stored === undefined) return;
  let identity: Record<string, unknown>;
  try {
    identity = JSON.parse(stored) as Record<string, unknown>;
  } catch {
    return;
  }
  if (typeof identity !== 'object' || identity === null || identity.support_email !== DEMO_SUPPORT_ADDRESS) return;
  const next = { ...DEMO_STORE_TERMS, ...identity };
  await sql`update settings set value = ${JSON.stringify(next)} where key = 'store_identity'`.execute(db);
}

export async function down(): Promise<void> {
  // The added fields are ignored by older code.
}
