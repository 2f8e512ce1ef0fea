// Workers cost what is due (issue 44; docs/big-shop.md, "Workers"): one pass's reads of the renewal reminders, the
// automatic renewal and the webhook deliveries on a generated shop (npm run bench:bigshop), with 1,000 due each.
//
//   DATABASE_URL=sqlite:/tmp/bigshop-100000.sqlite npx tsx bench/workers-due.ts
//
// It migrates the shop to the current code, then CHANGES IT (run it on a generated shop, not a real one): moves 1,000 licences' expiry into the 7-days-before reminder window, opts one yearly licence in three into
// automatic renewal (1,000 of them due, the rest expiring later), and adds 1,000 due webhook deliveries to the
// generated history. Each read is timed 10 times (p50 / max ms) with the rows it answers; `before` is the
// automatic-renewal read as it was before 0077 (every enabled opt-in, joined to its licence, by id).
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/startup.js';
import type { DB } from '../server/db/schema.js';
import { findDueLicenses } from '../server/modules/renewal-reminders/reminders.repository.js';
import { findAutoRenewCandidates } from '../server/modules/checkout/auto-renewals.repository.js';
import { claimDueDeliveries } from '../server/modules/outgoing-webhooks/deliveries.repository.js';
import { benchWebhookEndpoint } from './bigshop/endpoint.js';

const DUE = 1000;
const RUNS = 10;
const BATCH = 200; // a pass's page, as the workers read
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the generated shop (npm run bench:bigshop prints it)');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workers-due-'));
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'false' });
const db = await openDatabase(config);
const now = new Date();
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;
const licences = Number(
  (
    await db
      .selectFrom('licenses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; ${licences} licences; ${config.database.dialect}; ${DUE} due each`,
);

async function time(label: string, read: () => Promise<number>): Promise<void> {
  const times: number[] = [];
  let rows = 0;
  for (let n = 0; n < RUNS + 1; n++) {
    const started = performance.now();
    rows = await read();
    if (n > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${label} | ${times[Math.floor(times.length / 2)]!.toFixed(1)} | ${times[times.length - 1]!.toFixed(1)} | ${rows} |`);
}

{
  {
    const t: Kysely<DB> = db;
    // Automatic renewal: one yearly licence in three opted in, 1,000 of them due (expiring within the pass's reach).
    await sql`insert into license_auto_renewals (license_id, order_id, enabled, provider, payment_method_ref, attempts, created_at, updated_at)
      select id, null, 1, 'test', 'tok', 0, ${now.toISOString()}, ${now.toISOString()} from licenses
      where expires_at is not null and status <> 'revoked' and id % 3 = 1 and id > ${DUE} on conflict (license_id) do nothing`.execute(t);
    // PostgreSQL: statistics for the opt-ins just made, before the updates below fire 0077's trigger on each licence
    // (planned on an empty table's statistics, its update of the opt-in by licence read every opt-in: 72,000 × 326,000).
    if (config.database.dialect === 'postgres') await sql`analyze license_auto_renewals`.execute(t);
    // Every opted-in licence that expires within a week moves 200 days on (so that only the 1,000 below are due), in
    // statements of 5,000 opt-ins: on PostgreSQL each licence's roll-up triggers (0076) upsert the same few daily rows,
    // and in one statement of 72,000 their versions piled up on those rows (minutes; each statement's commit ends it).
    const { rows: span } = await sql<{ low: number | null; high: number | null }>`select min(id) as low, max(id) as high from license_auto_renewals`.execute(t);
    for (let from = Number(span[0]?.low ?? 1); from <= Number(span[0]?.high ?? 0); from += 5_000)
      await sql`update licenses set expires_at = ${iso(now.getTime() + 200 * DAY)}
        where id in (select license_id from license_auto_renewals where id >= ${from} and id < ${from + 5_000}) and expires_at <= ${iso(now.getTime() + 7 * DAY)}`.execute(
        t,
      );
    await sql`update licenses set expires_at = ${iso(now.getTime() + DAY)} where id in (select license_id from license_auto_renewals order by id limit ${DUE})`.execute(
      t,
    );
    // Reminders: 1,000 licences expiring in the "7 days before" step's window.
    const windowEnd = iso(now.getTime() + 7 * DAY);
    await sql`update licenses set expires_at = ${iso(now.getTime() + 7 * DAY - 3_600_000)} where id in (
      select id from licenses where status <> 'revoked' and id % 3 <> 1 and customer_email is not null and expires_at is not null order by id limit ${DUE})`.execute(
      t,
    );
    // Webhooks: 1,000 pending deliveries due now, on top of the generated history.
    const endpoint = await t.insertInto('webhook_endpoints').values(benchWebhookEndpoint(now.toISOString())).returning('id').executeTakeFirstOrThrow();
    await sql`insert into webhook_deliveries (endpoint_id, event_id, event_type, body, status, attempts, next_attempt_at, created_at, updated_at)
      select ${endpoint.id}, 'evt_bench_' || id, 'license.created', '{}', 'pending', 0, ${iso(now.getTime() - 60_000)}, ${now.toISOString()}, ${now.toISOString()}
      from licenses order by id limit ${DUE}`.execute(t);
    const count = async (query: string) => Number((await sql<{ n: number | string }>`${sql.raw(query)}`.execute(t)).rows[0]?.n ?? 0);
    console.log(
      `opt-ins ${await count('select count(*) as n from license_auto_renewals where enabled = 1')}; deliveries ${await count('select count(*) as n from webhook_deliveries')}`,
    );
    if (config.database.dialect === 'postgres') await sql`analyze`.execute(t);
    console.log('| read | p50 ms | max ms | rows |\n|---|---|---|---|');
    await time('reminders: 7 days before', async () => {
      const rows = await findDueLicenses(t, { step: '7', after: iso(now.getTime() + 6 * DAY), upTo: windowEnd, needsEmail: true, limit: 100_000 });
      return rows.length;
    });
    const upTo = iso(now.getTime() + 7 * DAY);
    await time('automatic renewal: candidates', async () => {
      let rows = 0;
      let after = null;
      for (;;) {
        const page = await findAutoRenewCandidates(t, { upTo, after, limit: BATCH });
        rows += page.length;
        const last = page[page.length - 1];
        if (!last || page.length < BATCH) return rows;
        after = { expiresAt: last.license_expires_at ?? last.expires_at, id: last.id };
      }
    });
    await time('automatic renewal: before 0077 (every enabled opt-in, by id)', async () => {
      let rows = 0;
      let afterId = 0;
      for (;;) {
        const page = await sql<{
          id: number;
        }>`select a.*, l.key as license_key, l.status as license_status, l.expires_at, l.customer_email, l.plugin_slug, l.price_id
          from license_auto_renewals a join licenses l on l.id = a.license_id
          where a.enabled = 1 and l.status <> 'revoked' and l.expires_at is not null and l.expires_at <= ${upTo} and a.id > ${afterId}
          order by a.id limit ${BATCH}`.execute(t);
        rows += page.rows.length;
        const last = page.rows[page.rows.length - 1];
        if (!last || page.rows.length < BATCH) return rows;
        afterId = last.id;
      }
    });
    await time('webhooks: due candidates of a pass (claims 1 per endpoint)', async () => {
      const claimed = await claimDueDeliveries(t, now, 60_000);
      // Put the claim back, so every run reads the same 1,000 due.
      await sql`update webhook_deliveries set status = 'pending', claim_token = null, lease_until = null where endpoint_id = ${endpoint.id}`.execute(t);
      await sql`update webhook_endpoints set busy_until = null, busy_token = null where id = ${endpoint.id}`.execute(t);
      return claimed.length;
    });
  }
}
await db.destroy();
