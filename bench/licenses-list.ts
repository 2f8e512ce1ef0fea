// Licences list benchmark (the admin Licences page, GET /api/admin/licenses?page=...): with 100,000 licences (what
// `npm run bench:import` brings over from EDD; docs/migrating.md) and 50,000 activated sites, every page query — the
// first page, a deep page, one plugin's page, a whole key (dashed, undashed, lower case), part of a key, part of an
// e-mail, part of a site URL and a search that finds nothing — is timed through the route (app.inject: zod
// validation, the queries, serialisation), 15 runs each after 2 warm-ups; the median and the slowest are recorded.
// The plain array (no `page`, every licence) is timed too, 3 runs, for comparison.
// Run: npx tsx bench/licenses-list.ts (both databases; PostgreSQL at TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test, in a temporary schema). BENCH_DB=sqlite or postgres runs one.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import type { LicensesTable } from '../server/db/schema.js';
import { generateLicenseKey } from '../common/license-key.js';
import { createTestApp, type TestApp } from '../server/test/test-app.js';

const LICENCES = Number(process.env.BENCH_LICENCES ?? 100_000);
const RUNS = 15;
const BAR_MS = 100;
const PLUGINS = ['postcode-delivery-zones', 'other-plugin'];
const BATCH = 500;

async function seed(t: TestApp): Promise<string> {
  const base = Date.UTC(2022, 0, 1);
  let sampleKey = '';
  for (let start = 0; start < LICENCES; start += BATCH) {
    const rows: Array<Insertable<LicensesTable>> = [];
    for (let i = start; i < Math.min(start + BATCH, LICENCES); i++) {
      const at = new Date(base + i * 300_000).toISOString();
      const key = generateLicenseKey('8022');
      if (i === Math.floor(LICENCES / 3)) sampleKey = key;
      rows.push({
        key,
        plugin_slug: PLUGINS[i % 10 === 0 ? 1 : 0] as string,
        plan: 'lifetime',
        status: 'active',
        max_activations: 3,
        expires_at: null,
        customer_email: `buyer${i}@example${i % 97}.com`,
        order_id: null,
        created_at: at,
        updated_at: at,
      });
    }
    await t.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('licenses').values(rows).returning(['id', 'created_at']).execute();
      const sites = inserted
        .filter((_, n) => n % 2 === 0)
        .map((row) => ({
          license_id: row.id,
          site_url: `https://shop${row.id}.example-store.test`,
          is_local: row.id % 7 === 0 ? 1 : 0,
          created_at: row.created_at,
        }));
      await trx.insertInto('license_activations').values(sites).execute();
    });
  }
  await sql`analyze`.execute(t.db);
  return sampleKey;
}

async function time(t: TestApp, headers: Record<string, string>, url: string, runs: number) {
  const times: number[] = [];
  let body: unknown;
  let bytes = 0;
  for (let n = 0; n < runs + 2; n++) {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    body = response.json();
    bytes = response.rawPayload.length;
    if (n >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] as number, slowest: times.at(-1) as number, body, bytes };
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  process.env.TEST_DB = dialect;
  const t = await createTestApp({ seed: true });
  try {
    const seeded = performance.now();
    const key = await seed(t);
    console.log(
      `load average before the queries: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(`${dialect}: seeded ${LICENCES} licences in ${Math.round(performance.now() - seeded)} ms`);
    const headers = await t.adminHeaders();
    const queries = [
      '?page=1',
      `?page=${Math.floor(LICENCES / 24 / 2)}`,
      `?page=${Math.ceil(LICENCES / 24)}`,
      `?page=1&plugin_slug=${PLUGINS[1]}`,
      `?page=1&search=${key}`,
      `?page=1&search=${key.replace(/-/g, '')}`,
      `?page=1&search=${key.toLowerCase()}`,
      `?page=1&search=${key.slice(10, 19).toLowerCase()}`,
      '?page=1&search=buyer4242%40',
      '?page=1&search=example13.com',
      '?page=1&search=shop777.example',
      `?page=1&plugin_slug=${PLUGINS[1]}&search=example13.com`,
      '?page=1&search=nobody-matches-this',
    ];
    let pass = true;
    console.log(`| query | median ms | slowest ms | rows | total |`);
    for (const query of queries) {
      const { median, slowest, body } = await time(t, headers, `/api/admin/licenses${query}`, RUNS);
      const list = body as { licenses: unknown[]; total: number };
      if (median >= BAR_MS) pass = false;
      console.log(
        `| \`${query.replace(key, 'KEY').replace(key.replace(/-/g, ''), 'KEY-UNDASHED').replace(key.toLowerCase(), 'key-lower')}\` | ${median.toFixed(1)} | ${slowest.toFixed(1)} | ${list.licenses.length} | ${list.total} |`,
      );
    }
    const plain = await time(t, headers, '/api/admin/licenses', 3);
    console.log(
      `| (no page: the plain array) | ${plain.median.toFixed(1)} | ${plain.slowest.toFixed(1)} | ${(plain.body as unknown[]).length} | ${(plain.bytes / 1e6).toFixed(1)} MB |`,
    );
    console.log(`${dialect}: ${pass ? 'pass' : 'FAIL'} (bar: median < ${BAR_MS} ms per page query)`);
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
