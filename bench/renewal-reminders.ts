// Renewal reminders benchmark (issue 26, docs/renewal-reminders.md): among 100,000 licences, finding the ones due
// for a reminder step or the license.expired event (every step of the default schedule, what one worker pass reads
// before it claims anything) takes < 1 s, on SQLite and on PostgreSQL. The licences' expiries are spread over two
// years around now (about 137 a day); a tenth are lifetime, 2 % revoked, 5 % opted out, and the steps of the past
// half are claimed already, as after months of running. Timed through the worker (`ctx.renewalReminders.findDue`,
// every licence due, no limit), 15 runs after 2 warm-ups; the median and the slowest are recorded. Then one real
// pass (claims, outbox rows) is timed once for comparison.
// Run: npx tsx bench/renewal-reminders.ts (both databases; PostgreSQL at TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test, in a temporary schema). BENCH_DB=sqlite or postgres runs one.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import type { LicensesTable } from '../server/db/schema.js';
import { generateLicenseKey } from '../common/license-key.js';
import { DEFAULT_REMINDER_DAYS } from '../common/renewal-reminders.js';
import { createTestApp, type TestApp } from '../server/test/test-app.js';

const LICENSES = 100_000;
const RUNS = 15;
const BAR_MS = 1000;
const PLUGIN = 'postcode-delivery-zones';
const BATCH = 1000;
const DAY = 86_400_000;

async function seed(t: TestApp, now: number): Promise<void> {
  const span = 730 * DAY;
  for (let start = 0; start < LICENSES; start += BATCH) {
    const rows: Array<Insertable<LicensesTable>> = [];
    for (let i = start; i < Math.min(start + BATCH, LICENSES); i++) {
      const lifetime = i % 10 === 0;
      const expires = now - span / 2 + Math.floor((i * 7919) % LICENSES) * (span / LICENSES);
      rows.push({
        key: generateLicenseKey('8022'),
        plugin_slug: PLUGIN,
        plan: lifetime ? 'lifetime' : 'pro_yearly',
        status: i % 50 === 1 ? 'revoked' : 'active',
        max_activations: 3,
        expires_at: lifetime ? null : new Date(expires).toISOString(),
        customer_email: `buyer${i}@example${i % 97}.com`,
        order_id: null,
        created_at: new Date(expires - 365 * DAY).toISOString(),
        updated_at: new Date(expires - 365 * DAY).toISOString(),
      });
    }
    await t.db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('licenses').values(rows).returning(['id', 'expires_at']).execute();
      const claims = inserted.flatMap((row) =>
        row.expires_at && new Date(row.expires_at).getTime() < now - 8 * DAY
          ? [...DEFAULT_REMINDER_DAYS.map(String), 'expired'].map((step) => ({
              license_id: row.id,
              expires_at: row.expires_at as string,
              step,
              email_id: null,
              created_at: row.expires_at as string,
            }))
          : [],
      );
      for (let c = 0; c < claims.length; c += 1000)
        await trx
          .insertInto('license_reminders')
          .values(claims.slice(c, c + 1000))
          .execute();
      const optOuts = inserted.filter((row) => row.id % 20 === 3).map((row) => ({ license_id: row.id, created_at: new Date(now).toISOString() }));
      if (optOuts.length > 0) await trx.insertInto('reminder_opt_outs').values(optOuts).execute();
    });
  }
  await sql`analyze`.execute(t.db);
  if (t.testDb.target.dialect === 'postgres') await sql`vacuum analyze licenses`.execute(t.db);
}

async function run(dialect: 'sqlite' | 'postgres'): Promise<boolean> {
  process.env.TEST_DB = dialect;
  const t = await createTestApp({ seed: true });
  try {
    const now = Date.now();
    const seeded = performance.now();
    await seed(t, now);
    console.log(`${dialect}: seeded ${LICENSES} licences in ${Math.round(performance.now() - seeded)} ms`);
    console.log(
      `load average before the queries: ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    const worker = t.ctx.renewalReminders;
    const times: number[] = [];
    let due: Array<{ step: string; licenses: unknown[] }> = [];
    for (let n = 0; n < RUNS + 2; n++) {
      const started = performance.now();
      due = await worker.findDue(new Date(now), LICENSES);
      if (n >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] as number;
    const slowest = times.at(-1) as number;
    console.log(`due now: ${due.map((step) => `${step.step}: ${step.licenses.length}`).join(', ')}`);
    console.log(`${dialect}: finding due reminders median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`);
    worker.now = () => new Date(now);
    const passStarted = performance.now();
    await worker.runNow();
    console.log(
      `${dialect}: one pass sending them (claims and outbox rows, e-mails kept in the outbox): ${Math.round(performance.now() - passStarted)} ms, ${worker.sent.reminders} reminders, ${worker.sent.expired} expired events`,
    );
    const pass = median < BAR_MS;
    console.log(`${dialect}: ${pass ? 'pass' : 'FAIL'} (bar: finding due reminders < ${BAR_MS} ms)`);
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
