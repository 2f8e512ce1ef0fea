// Customers list benchmark (issue 27, docs/customers.md): with 50,000 customers (75,000 paid orders and their
// licences) every list query — each sort either way, a deep page, searches by e-mail, name, part of a key and
// order number — answers in < 100 ms, on SQLite and on PostgreSQL. Measured through the route (app.inject: zod
// validation, the queries, serialisation), 15 runs each after a warm-up; the median and the slowest are recorded.
// Run: npx tsx bench/customers-list.ts (both databases; PostgreSQL at TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test, in a temporary schema). BENCH_DB=sqlite or postgres runs one.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { generateLicenseKey } from '../common/license-key.js';
import { createTestApp, type TestApp } from '../server/test/test-app.js';

const CUSTOMERS = 50_000;
const RUNS = 15;
const BAR_MS = 100;
const PLUGIN = 'postcode-delivery-zones';
const BATCH = 500;

async function seed(t: TestApp): Promise<{ key: string; orderId: number }> {
  const base = Date.UTC(2024, 0, 1);
  let sampleKey = '';
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const customers: Array<{ i: number; email: string; times: string[]; keys: string[]; amount: number }> = [];
    for (let i = start; i < Math.min(start + BATCH, CUSTOMERS); i++) {
      const email = `buyer${i}@example${i % 97}.com`;
      const orders = i % 2 === 0 ? 2 : 1;
      const times = Array.from({ length: orders }, (_, n) => new Date(base + i * 600_000 + n * 86_400_000).toISOString());
      const keys = times.map(() => generateLicenseKey('8022'));
      if (i === CUSTOMERS / 2) sampleKey = keys[0] ?? '';
      customers.push({ i, email, times, keys, amount: 1000 + (i % 50) * 100 });
    }
    await t.db.transaction().execute(async (trx) => {
      const licenseRows = customers.flatMap((c) =>
        c.times.map((at, n) => ({
          key: c.keys[n] as string,
          plugin_slug: PLUGIN,
          plan: 'lifetime',
          status: 'active',
          max_activations: 3,
          expires_at: null,
          customer_email: c.email,
          order_id: null,
          created_at: at,
          updated_at: at,
        })),
      );
      const licenses = await trx.insertInto('licenses').values(licenseRows).returning(['id', 'key']).execute();
      const licenseIds = new Map(licenses.map((row) => [row.key, row.id]));
      await trx
        .insertInto('orders')
        .values(
          customers.flatMap((c) =>
            c.times.map((at, n) => ({
              email: c.email,
              plugin_slug: PLUGIN,
              amount: c.amount,
              currency: 'GBP',
              status: 'paid',
              provider: 'test',
              provider_ref: `bench-${c.i}-${n}`,
              license_id: licenseIds.get(c.keys[n] as string) ?? null,
              created_at: at,
              paid_at: at,
              updated_at: at,
            })),
          ),
        )
        .execute();
      await trx
        .insertInto('customers')
        .values(
          customers.map((c) => ({
            email: c.email,
            name: c.i % 3 === 0 ? null : `Customer ${c.i}`,
            first_purchase_at: c.times[0] as string,
            last_purchase_at: c.times.at(-1) as string,
            order_count: c.times.length,
            license_count: c.times.length,
            total_paid: c.amount * c.times.length,
            currencies: 'GBP',
            search_text: [c.email, ...(c.i % 3 === 0 ? [] : [`customer ${c.i}`]), ...c.keys.map((key) => key.toLowerCase())].join(' '),
            created_at: c.times[0] as string,
            updated_at: c.times[0] as string,
          })),
        )
        .execute();
    });
  }
  await sql`analyze`.execute(t.db);
  if (t.testDb.target.dialect === 'postgres') await sql`vacuum analyze customers`.execute(t.db);
  const order = await t.db
    .selectFrom('orders')
    .select('id')
    .where('provider_ref', '=', `bench-${Math.floor(CUSTOMERS / 3)}-0`)
    .executeTakeFirstOrThrow();
  return { key: sampleKey, orderId: order.id };
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  process.env.TEST_DB = dialect;
  const t = await createTestApp({ seed: true });
  try {
    const seeded = performance.now();
    const sample = await seed(t);
    console.log(
      `load average before the queries: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`${dialect}: seeded ${CUSTOMERS} customers in ${Math.round(performance.now() - seeded)} ms`);
    const headers = await t.adminHeaders();
    const queries = [
      '',
      ...['email', 'name', 'first_purchase_at', 'last_purchase_at', 'order_count', 'license_count', 'total_paid'].flatMap((sort) => [
        `?sort=${sort}&direction=asc`,
        `?sort=${sort}&direction=desc`,
      ]),
      '?page=1000&per_page=25',
      '?page=500&per_page=100&sort=total_paid',
      '?search=buyer4242',
      '?search=example13.com',
      '?search=customer%20777',
      `?search=${encodeURIComponent(sample.key.slice(10, 19).toLowerCase())}`,
      `?search=%23${sample.orderId}`,
      '?search=nobody-matches-this',
    ];
    let pass = true;
    console.log(`| query | median ms | slowest ms | rows | total |`);
    for (const query of queries) {
      const url = `/api/admin/customers${query}`;
      const times: number[] = [];
      let body: { customers: unknown[]; total: number } = { customers: [], total: 0 };
      for (let n = 0; n < RUNS + 2; n++) {
        const started = performance.now();
        const response = await t.app.inject({ method: 'GET', url, headers });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        body = response.json();
        if (n >= 2) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)] as number;
      const slowest = times.at(-1) as number;
      if (median >= BAR_MS) pass = false;
      console.log(`| \`${query || '(default)'}\` | ${median.toFixed(1)} | ${slowest.toFixed(1)} | ${body.customers.length} | ${body.total} |`);
    }
    console.log(`${dialect}: ${pass ? 'pass' : 'FAIL'} (bar: median < ${BAR_MS} ms per query)`);
    return pass;
  } finally {
    await t.close();
  }
}

const only = process.env.BENCH_DB;
const dialects: Array<'sqlite' | 'postgres'> = only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
let allPass = true;
for (const dialect of dialects) allPass = (await run(dialect)) && allPass;
process.exitCode = allPass ? 0 : 1;
