// A big shop for the size benchmarks (issue 44): `npm run bench:bigshop -- --licences 1000000`.
//
// At N licences: 4 plugins with 3 tiers each (two yearly, one lifetime), N licences over the last two years, 3N
// activations (one local site in four licences' third slot) with their site reports, 0.6N customers (two licences
// for four in ten), 1.2N orders (N new sales, 2 % of them refunded and their licences revoked, 0.2N renewals of the
// oldest yearly licences), 2N e-mails (licence, receipt, reminder and sign-in e-mails with short bodies), a year of
// activity (N rows) and of webhook deliveries (N rows), and 0.1N ended activations. Every row is made by the
// database itself (`insert … select` over a generated series, 100,000 rows a statement, one transaction per table),
// so a million licences take minutes, not the hour the importer's row-by-row path would (bench/import.ts measures
// that path on its own). The database is migrated (the demo catalogue seeded) first, so it is what a shop that ran
// this long would hold; the daily figures are then backfilled the way the migrations do.
//
// SQLite: a new file, `--out` (default /tmp/bigshop-N.sqlite; an existing one is replaced). PostgreSQL: with
// DATABASE_URL=postgres://…/anything, a new database `bigshop_N` (`--database` to name it; an existing one is
// dropped) on that server; the URL to use is printed. Times are relative to now: the newest licence is an hour old.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/startup.js';
import type { DB } from '../server/db/schema.js';
import { readStoreIdentity, STORE_IDENTITY_KEY } from '../common/store-identity.js';
import { readSetting } from '../server/modules/settings/index.js';

const { values } = parseArgs({
  options: { licences: { type: 'string', default: '10000' }, out: { type: 'string' }, database: { type: 'string' } },
});
const N = Number(values.licences);
if (!Number.isInteger(N) || N < 100 || N > 20_000_000) throw new Error('--licences must be a whole number from 100 to 20000000');
const CHUNK = 100_000;
const DAY = 86_400;
const PLUGINS = ['bench-forms', 'bench-seo', 'bench-backup', 'bench-shipping'];
const TIERS = [
  { name: 'Lifetime', sites: 25, term: 'lifetime', amount: 19900, plan: 'lifetime' },
  { name: 'Personal', sites: 3, term: 'year', amount: 4900, plan: 'pro_yearly' },
  { name: 'Business', sites: 10, term: 'year', amount: 9900, plan: 'pro_yearly' },
];

type Dialect = 'sqlite' | 'postgres';
const url = process.env.DATABASE_URL;
const dialect: Dialect = url && /^postgres/.test(url) ? 'postgres' : 'sqlite';
const now = Math.floor(Date.now() / 1000 / 3600) * 3600;
const start = now - 730 * DAY - 3600;
const step = Math.floor((730 * DAY) / N);
const C = Math.floor(N * 0.6);
const RENEWALS = Math.floor(N * 0.2);

/** The SQL of the dialect: a series of whole numbers a..b as `s(i)`, hex groups and ISO times. */
const d = {
  series: (a: number, b: number) =>
    dialect === 'postgres'
      ? `generate_series(${a}::bigint, ${b}::bigint) as s(i)`
      : `(with recursive r(i) as (select ${a} union all select i + 1 from r where i < ${b}) select i from r) as s`,
  hex4: (expr: string) => (dialect === 'postgres' ? `lpad(upper(to_hex((${expr}) % 65536)), 4, '0')` : `printf('%04X', (${expr}) % 65536)`),
  iso: (seconds: string) =>
    dialect === 'postgres'
      ? `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`,
};
const pick = (expr: string, list: Array<string | number>) =>
  `case ${list.map((value, n) => `when (${expr}) = ${n} then ${typeof value === 'number' ? value : `'${value}'`}`).join(' ')} end`;

// A licence i (1..N): its plugin, tier, creation time and customer.
const created = (i: string) => `(${start} + (${i}) * ${step})`;
const tier = (i: string) => `((${i}) % 3)`;
const plugin = (i: string) => pick(`((${i}) / 3) % 4`, PLUGINS);
const email = (c: string) => `'buyer' || (${c}) || '@example' || ((${c}) % 97) || '.com'`;
const customerOf = (i: string) => `(((${i}) - 1) % ${C} + 1)`;
// The keys start with the shop's own prefix (its store identity setting), read once the shop is migrated.
let keyPrefix = '';
const key = (i: string) =>
  `'${keyPrefix.replaceAll("'", "''")}-' || ${d.hex4(`(${i}) * 40503`)} || '-' || ${d.hex4(`(${i}) * 9973 + 12345`)} || '-' || ${d.hex4(`(${i}) / 65536`)} || '-' || ${d.hex4(i)}`;
// Renewal r (1..0.2N) extends yearly licence 1, 2, 4, 5, 7, 8, … (tiers 1 and 2).
const renewed = (r: string) => `(3 * (((${r}) - 1) / 2) + 1 + ((${r}) - 1) % 2)`;
const LAST_RENEWED = 3 * Math.floor((RENEWALS - 1) / 2) + 1 + ((RENEWALS - 1) % 2);
const isRenewed = (i: string) => `((${i}) % 3 <> 0 and (${i}) <= ${LAST_RENEWED})`;
const refunded = (i: string) => `((${i}) % 50 = 0)`;

async function fill(db: Kysely<DB>, table: string, rows: number, columns: string[], exprs: string[]): Promise<void> {
  const began = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let a = 1; a <= rows; a += CHUNK) {
      const b = Math.min(rows, a + CHUNK - 1);
      await sql.raw(`insert into ${table} (${columns.join(', ')}) select ${exprs.join(', ')} from ${d.series(a, b)}`).execute(trx);
      process.stdout.write(`\r${table}: ${b.toLocaleString('en-GB')} / ${rows.toLocaleString('en-GB')}`);
    }
  });
  process.stdout.write(` (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
}

function table(columns: Record<string, string>): [string[], string[]] {
  return [Object.keys(columns), Object.values(columns)];
}

async function generate(db: Kysely<DB>): Promise<void> {
  keyPrefix = readStoreIdentity(await readSetting(db, STORE_IDENTITY_KEY)).license_key_prefix;
  const iso = new Date(now * 1000).toISOString();
  await db
    .insertInto('plugins')
    .values(
      PLUGINS.map((slug, n) => ({
        slug,
        name: `Bench ${slug.slice(6)}`,
        description: 'A plugin of the generated big shop.',
        current_version: '2.0.0',
        active: 1,
        pricing_active: 1,
        is_free: 0,
        currency: 'GBP',
        price: 4900,
        category: n % 2 ? 'shipping' : 'developer-tools',
        rating: 4.5,
        review_count: 0,
        downloads_label: '',
        is_popular: 0,
        is_featured: 0,
        features: '[]',
        benefits: '[]',
        requirements: '[]',
        use_cases: '[]',
        created_at: iso,
        updated_at: iso,
      })),
    )
    .execute();
  const prices = await db
    .insertInto('plugin_prices')
    .values(
      PLUGINS.flatMap((slug) =>
        TIERS.map((t, n) => ({
          plugin_slug: slug,
          name: t.name,
          sites: t.sites,
          term: t.term,
          amount: t.amount,
          sale_amount: null,
          currency: 'GBP',
          renewal_discount_percent: 20,
          active: 1,
          sort_order: n,
          created_at: iso,
          updated_at: iso,
        })),
      ),
    )
    .returning(['id', 'plugin_slug', 'sort_order'])
    .execute();
  const priceIds = PLUGINS.flatMap((slug) => TIERS.map((_, n) => prices.find((p) => p.plugin_slug === slug && p.sort_order === n)?.id ?? 0));
  const priceOf = (i: string) => pick(`(((${i}) / 3) % 4) * 3 + (${i}) % 3`, priceIds);

  const expires = (i: string) =>
    `case when ${tier(i)} = 0 then null else ${d.iso(`${created(i)} + case when ${isRenewed(i)} then ${730 * DAY} else ${365 * DAY} end`)} end`;
  await fill(
    db,
    'licenses',
    N,
    ...table({
      id: 'i',
      key: key('i'),
      plugin_slug: plugin('i'),
      plan: pick(
        tier('i'),
        TIERS.map((t) => t.plan),
      ),
      status: `case when ${refunded('i')} then 'revoked' else 'active' end`,
      max_activations: pick(
        tier('i'),
        TIERS.map((t) => t.sites),
      ),
      expires_at: expires('i'),
      customer_email: email(customerOf('i')),
      order_id: 'i',
      created_at: d.iso(created('i')),
      updated_at: d.iso(created('i')),
      price_id: priceOf('i'),
    }),
  );
  await fill(
    db,
    'orders',
    N,
    ...table({
      id: 'i',
      email: email(customerOf('i')),
      plugin_slug: plugin('i'),
      amount: pick(
        tier('i'),
        TIERS.map((t) => t.amount),
      ),
      currency: `'GBP'`,
      status: `case when ${refunded('i')} then 'refunded' else 'paid' end`,
      provider: `'stripe'`,
      provider_ref: `'pi_bench_' || i`,
      license_id: 'i',
      created_at: d.iso(created('i')),
      paid_at: d.iso(created('i')),
      updated_at: d.iso(`${created('i')} + case when ${refunded('i')} then ${3 * DAY} else 0 end`),
      price_id: priceOf('i'),
      kind: `'new'`,
    }),
  );
  const r = renewed('i');
  await fill(
    db,
    'orders',
    RENEWALS,
    ...table({
      id: `${N} + i`,
      email: email(customerOf(r)),
      plugin_slug: plugin(r),
      amount: `${pick(
        tier(r),
        TIERS.map((t) => t.amount),
      )} * 8 / 10`,
      currency: `'GBP'`,
      status: `'paid'`,
      provider: `'stripe'`,
      provider_ref: `'pi_bench_renewal_' || i`,
      created_at: d.iso(`${created(r)} + ${358 * DAY}`),
      paid_at: d.iso(`${created(r)} + ${358 * DAY}`),
      updated_at: d.iso(`${created(r)} + ${358 * DAY}`),
      price_id: priceOf(r),
      kind: `'renewal'`,
      target_license_id: r,
    }),
  );
  // Activation k (1..3N): licence (k-1)/3+1, slot (k-1)%3.
  const lic = '((i - 1) / 3 + 1)';
  const slot = '((i - 1) % 3)';
  await fill(
    db,
    'license_activations',
    3 * N,
    ...table({
      id: 'i',
      license_id: lic,
      site_url: `'site' || ${lic} || '-' || ${slot} || '.shop' || (${lic} % 89) || '.example.com'`,
      is_local: `case when ${slot} = 2 and ${lic} % 4 = 0 then 1 else 0 end`,
      environment: `case when ${slot} = 2 and ${lic} % 4 = 0 then 'staging' else null end`,
      created_at: d.iso(`${created(lic)} + ${slot} * ${DAY}`),
      last_checked_at: d.iso(`${now} - (i % 86400)`),
      installed_version: pick('i % 4', ['1.9.0', '2.0.0', '2.0.0', '1.8.3']),
      wp_version: pick('i % 3', ['6.8', '6.7.2', '6.6']),
      php_version: pick('i % 3', ['8.3', '8.2', '7.4']),
      reported_at: d.iso(`${now} - (i % ${365 * DAY})`),
    }),
  );
  await fill(
    db,
    'ended_activations',
    Math.floor(N / 10),
    ...table({
      license_id: 'i * 10',
      site_url: `'old-site' || i || '.example.com'`,
      is_local: '0',
      activated_at: d.iso(created('i * 10')),
      deactivated_at: d.iso(`${created('i * 10')} + ${60 * DAY}`),
    }),
  );
  // E-mails: e (1..2N) is a licence e-mail (e ≤ N), a renewal receipt, a reminder or a sign-in link.
  const body = `'Thank you for your order. Your licence key and download link are below; keep this e-mail for your records. Reply to it if anything is unclear.'`;
  await fill(
    db,
    'emails',
    2 * N,
    ...table({
      to_address: `case when i <= ${N} then ${email(customerOf('i'))} else ${email(customerOf(`i - ${N}`))} end`,
      kind: `case when i <= ${N} then 'licence' when i <= ${N + RENEWALS} then 'renewal_receipt' when i <= ${N + 2 * RENEWALS} then 'renewal_reminder' else 'sign_in' end`,
      order_id: `case when i <= ${N} then i else null end`,
      subject: `case when i <= ${N} then 'Your licence key' else 'Your account' end`,
      text: body,
      html: `'<p>' || ${body} || '</p>'`,
      status: `'sent'`,
      attempts: '1',
      created_at: d.iso(`${created(`(i - 1) % ${N} + 1`)}`),
      updated_at: d.iso(`${created(`(i - 1) % ${N} + 1`)}`),
      sent_at: d.iso(`${created(`(i - 1) % ${N} + 1`)}`),
    }),
  );
  // A year of activity and of webhook deliveries, spread evenly over the last 365 days.
  const yearAt = (i: string) => `${now} - ${365 * DAY} + (${i}) * ${Math.floor((365 * DAY) / N)}`;
  await fill(
    db,
    'activities',
    N,
    ...table({
      action_type: pick('i % 4', ['license_created', 'order_paid', 'license_activated', 'customer_signed_in']),
      details: `'{"license_key":"' || ${key('i')} || '"}'`,
      created_at: d.iso(yearAt('i')),
    }),
  );
  const endpoint = await db
    .insertInto('webhook_endpoints')
    .values({
      url: 'https://hooks.example.com/bench',
      secret: 'whsec_bench',
      events: '[]',
      active: 1,
      busy_until: null,
      busy_token: null,
      created_at: iso,
      updated_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await fill(
    db,
    'webhook_deliveries',
    N,
    ...table({
      endpoint_id: String(endpoint.id),
      event_id: `'evt_bench_' || i`,
      event_type: `'license.created'`,
      body: `'{"type":"license.created","data":{"license_key":"' || ${key('i')} || '"}}'`,
      status: `'delivered'`,
      attempts: '1',
      last_status_code: '200',
      created_at: d.iso(yearAt('i')),
      updated_at: d.iso(yearAt('i')),
      delivered_at: d.iso(yearAt('i')),
    }),
  );
  // Customers: the summary the customers module keeps, from the licences and orders just made.
  const began = performance.now();
  await sql
    .raw(
      `insert into customers (email, name, first_purchase_at, last_purchase_at, order_count, license_count, total_paid, currencies, search_text, created_at, updated_at)
       select l.email, case when l.c % 3 = 0 then null else 'Customer ' || l.c end, o.first_at, o.last_at, o.n, l.n, o.paid, 'GBP',
              l.email || case when l.c % 3 = 0 then '' else ' customer ' || l.c end || ' ' || l.keys, o.first_at, o.last_at
       from (select customer_email as email, count(*) as n, min(id) as c, ${dialect === 'postgres' ? `string_agg(lower(key), ' ')` : `group_concat(lower(key), ' ')`} as keys
             from licenses group by customer_email) l
       join (select email, count(*) as n, min(paid_at) as first_at, max(paid_at) as last_at, sum(case when status = 'paid' then amount else 0 end) as paid
             from orders group by email) o on o.email = l.email`,
    )
    .execute(db);
  console.log(`customers: ${C.toLocaleString('en-GB')} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  if (dialect === 'postgres') {
    for (const name of ['licenses', 'orders', 'license_activations', 'ended_activations', 'emails', 'activities', 'webhook_deliveries', 'customers']) {
      await sql.raw(`select setval(pg_get_serial_sequence('${name}', 'id'), (select max(id) from ${name}))`).execute(db);
    }
  }
  await sql`analyze`.execute(db);
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  let target: string;
  if (dialect === 'postgres' && url) {
    const name = values.database ?? `bigshop_${N}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database must be a lower-case SQL name');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    target = env.DATABASE_URL = parsed.toString();
  } else {
    target = path.resolve(values.out ?? path.join(os.tmpdir(), `bigshop-${N}.sqlite`));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    env.DATABASE_URL = `sqlite:${target}`;
  }
  env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bigshop-data-'));
  const began = performance.now();
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${N.toLocaleString('en-GB')} licences on ${dialect}`,
  );
  const db = await openDatabase({ ...loadConfig(env), SEED_DEMO: true });
  try {
    await generate(db);
  } finally {
    await db.destroy();
  }
  const size = dialect === 'sqlite' ? `${(fs.statSync(target).size / 1e6).toFixed(0)} MB` : 'see pg_database_size';
  console.log(`done in ${((performance.now() - began) / 1000).toFixed(1)} s; ${size}; DATABASE_URL=${dialect === 'sqlite' ? `sqlite:${target}` : target}`);
}

await main();
