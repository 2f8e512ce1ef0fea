// Licence validation benchmark (docs/design.md section 9, issue 30): with 10,000 licences in the database and 50
// concurrent connections, at the server's default log level: validation throughput ≥ 0.6 × the same server's
// /api/health with one process, ≥ 0.7 × with several (the default WORKERS on a multi-core machine); validation
// p99 ≤ 1.5 × health's p99 and under 20 ms. Phases alternate in short rounds so both see the same load.
// Run: npx tsx bench/license-validate.ts (npm run bench:license-validate); it starts its own servers on free ports
// with a temp DATA_DIR. Environment (commands for each figure: bench/README.md):
//   WORKERS, LOG_LEVEL, …  passed through to the server (unset: the server's defaults, as `npm start`)
//   BENCH_VARIANTS         several servers in one alternated run, `;`-separated, each `NAME=value,…` (`default`:
//                          none); NODE_ARGS=… adds node flags, SERVER_DIR=… runs another checkout's server
//   BENCH_SECONDS          each phase's total length per variant (default 20), in BENCH_ROUNDS rounds (default 4)
//   BENCH_BUILT=1          runs dist/server/main.js (what npm start runs; `npm run build` first) instead of tsx
//   BENCH_NODE_ARGS        node flags for every server: --cpu-prof, --trace-gc (summarised from the server's log)
//   BENCH_KEEP_LOGS=1      copies each server's log to ./bench-server-N.log
//   DATABASE_URL=postgres://…  benchmarks PostgreSQL in a temporary schema of that database
//   BENCH_EDD=1            adds a phase of EDD-compatible `check_license` calls (POST / as a form, by item_name;
//                          server/modules/edd-compat) beside validate, and its throughput ratio (issue 28: ≥ 0.9 × validate)
// The load generator: bench/license-validate/load.ts; the servers it starts: bench/license-validate/servers.ts; what
// it reads of their processes: bench/license-validate/processes.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createDatabase, type DatabaseTarget } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { generateLicenseKey } from '../common/license-key.js';
import { benchNodeArgs } from './bench-server.js';
import { seedDemoCatalog } from '../server/db/seed.js';
import { seedActiveLicenses } from './seed-licenses.js';
import { combine, CONNECTIONS, runPhase, waitForHealth } from './license-validate/load.js';
import { countLogLines, cpuMs, cpuMsByPid, cpuMsSince, gcSummary, processTree, rssMb } from './license-validate/processes.js';
import { backendPids, parseVariants, postgresAdmin, serverEntry, withSearchPath, type Running } from './license-validate/servers.js';

const LICENSES = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PLUGIN = 'postcode-delivery-zones';
const WITH_EDD = process.env.BENCH_EDD === '1';
/** The plugin's EDD item name in the BENCH_EDD phase: the sample plugin's requests name it. */
const EDD_ITEM_NAME = 'Bench Item (EDD)';
/** The plugin's EDD item id in the BENCH_EDD phase. */
const EDD_ITEM_ID = 4242;

/** Fills the database before the server starts: 10,000 licences, each active on one site already checked today (the steady state: one verification write per site per day). */
async function seed(target: DatabaseTarget, olderServerDir?: string): Promise<string[]> {
  const db = createDatabase(target);
  // An older checkout's server refuses a database that ran migrations it does not know: the database gets that
  // checkout's migrations, and this checkout's server (listed after it in BENCH_VARIANTS) migrates it forward at start.
  if (olderServerDir) {
    const older = (await import(path.join(olderServerDir, 'server/db/migrate.ts'))) as typeof import('../server/db/migrate.js');
    await older.migrateToLatest(db);
  } else await migrateToLatest(db);
  if (WITH_EDD) {
    await seedDemoCatalog(db);
    await db.updateTable('plugins').set({ edd_item_id: EDD_ITEM_ID, edd_item_name: EDD_ITEM_NAME }).where('slug', '=', PLUGIN).execute();
  }
  const now = new Date().toISOString();
  const keys = Array.from({ length: LICENSES }, () => generateLicenseKey('8022'));
  await seedActiveLicenses(db, keys, PLUGIN, now);
  // The public API's per-IP limit (the Settings maximum) must not cut the run short.
  await db.deleteFrom('settings').where('key', '=', 'rate_limit_per_minute').execute();
  await db
    .insertInto('settings')
    .values({ key: 'rate_limit_per_minute', value: JSON.stringify(100_000), updated_at: now })
    .execute();
  await db.destroy();
  return keys;
}

/** One EDD call before measuring: the phase must time valid answers, not refusals. */
async function expectValidEddAnswer(port: number, request: { path: string; body: string; contentType: string }): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: 'POST',
    body: request.body,
    headers: { 'content-type': request.contentType },
  });
  const answer = (await response.json()) as { license?: string };
  if (answer.license !== 'valid') throw new Error(`check_license answered ${JSON.stringify(answer)}, not valid: the EDD phase would time refusals`);
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-validate-'));
  const dataDir = path.join(root, 'data');
  const databaseUrl = process.env.DATABASE_URL ?? '';
  // PostgreSQL runs in a schema of its own, dropped afterwards; the server reaches it through search_path.
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const onPostgres = databaseUrl.startsWith('postgres');
  const target: DatabaseTarget = onPostgres
    ? { dialect: 'postgres', url: databaseUrl, schema }
    : { dialect: 'sqlite', file: path.join(dataDir, 'licensing.sqlite') };
  const variants = parseVariants(process.env.BENCH_VARIANTS ?? 'default');
  if (onPostgres) await postgresAdmin(databaseUrl, `create schema ${schema}`);
  console.log(`seeding ${LICENSES} licences…`);
  const olderServerDir = variants.find((variant) => variant.serverDir !== process.cwd())?.serverDir;
  if (olderServerDir && WITH_EDD) throw new Error('BENCH_EDD=1 needs the EDD columns: not with an older SERVER_DIR');
  const keys = await seed(target, olderServerDir);
  const running: Running[] = [];
  try {
    // Every variant's server runs on the same database from the start; an idle one costs no CPU.
    for (const [index, variant] of variants.entries()) {
      const port = 23_000 + Math.floor(Math.random() * 10_000);
      // The server's connections carry this name, so the bench can find their backends' CPU time.
      const applicationName = `pls-bench-${schema}-${index}`;
      const logFile = path.join(root, `server-${index}.log`);
      const logFd = fs.openSync(logFile, 'w');
      const server = spawn(process.execPath, [...benchNodeArgs(), ...variant.nodeArgs, ...serverEntry(variant.serverDir)], {
        cwd: variant.serverDir,
        // The server's log goes to a file, as it would to journald: written at the server's log level.
        stdio: ['ignore', logFd, 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: 'bench-admin-password',
          WEB_DIST_DIR: path.join(root, 'no-web'),
          NODE_ENV: 'production',
          DATABASE_URL: onPostgres ? withSearchPath(databaseUrl, schema, applicationName) : '',
          ...variant.env,
        },
      });
      fs.closeSync(logFd);
      running.push({
        variant,
        port,
        server,
        logFile,
        health: [],
        validate: [],
        edd: [],
        cpu: { server: 0, database: 0, edd: 0 },
        backends: [],
        applicationName: '',
        peakRssMb: 0,
      });
      await waitForHealth(port);
      // Workers announce themselves after the primary answers nothing: wait until the port answers steadily.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      running[index]!.applicationName = applicationName;
    }
    // Every request is made before measuring, so the load generator (on the same cores) spends the same
    // little on each kind: the phases compare the server's work, not the cost of building a form or JSON body.
    const validateRequests = keys.map((key) => ({
      method: 'POST',
      path: '/api/v1/licenses/validate',
      body: JSON.stringify({ license_key: key, site_url: `https://site-${key.toLowerCase()}.com`, plugin_slug: PLUGIN }),
    }));
    const validateRequest = (i: number) => validateRequests[(i * 7919) % validateRequests.length]!;
    // The same licence and site as validate's, as EDD's sample plugin asks (issue 38): a form POST naming the item by
    // `item_name => urlencode( name )`, no item_id, and `url` = home_url().
    const eddRequests = keys.map((key) => ({
      method: 'POST',
      path: '/',
      body: new URLSearchParams({
        edd_action: 'check_license',
        license: key,
        item_name: encodeURIComponent(EDD_ITEM_NAME).replaceAll('%20', '+'),
        url: `https://site-${key.toLowerCase()}.com`,
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }));
    const eddRequest = (i: number) => eddRequests[(i * 7919) % eddRequests.length]!;
    if (WITH_EDD) await expectValidEddAnswer(running[0]!.port, eddRequest(0));
    // Warm-up: JIT, statement cache, and each site's once-a-day verification write happen before measuring.
    for (const run of running) await runPhase('warm-up', run.port, validateRequest, 5);
    if (WITH_EDD) for (const run of running) await runPhase('warm-up', run.port, eddRequest, 2);
    // The database backends serving each server, found after the warm-up opened them: Kysely's pool and the
    // validation reader's own connections (server/modules/licenses/validation-reader.ts), named per process.
    if (onPostgres) {
      for (const run of running) {
        const readers = processTree(run.server.pid ?? 0).map((pid) => `licence-validation-reader-${pid}`);
        run.backends = await backendPids(databaseUrl, [run.applicationName, ...readers]);
      }
    }
    // The machines are shared and noisy: alternate short rounds of each phase of each variant, so all see
    // the same background load.
    const seconds = SECONDS / ROUNDS;
    const logOffsets = running.map((run) => fs.statSync(run.logFile).size);
    for (let round = 0; round < ROUNDS; round++) {
      for (const run of running) {
        const pids = processTree(run.server.pid ?? 0);
        run.health.push(await runPhase('GET /api/health', run.port, () => ({ method: 'GET', path: '/api/health' }), seconds));
        const validatePhase = async () => {
          // CPU time the server's processes and (PostgreSQL) its database backends spent during the validate rounds.
          const before = { server: cpuMs(pids), database: cpuMsByPid(run.backends) };
          run.validate.push(await runPhase('POST /api/v1/licenses/validate', run.port, validateRequest, seconds));
          run.cpu.server += cpuMs(pids) - before.server;
          run.cpu.database += cpuMsSince(before.database);
        };
        const eddPhase = async () => {
          const before = cpuMs(pids);
          run.edd.push(await runPhase('POST /?edd_action=check_license', run.port, eddRequest, seconds));
          run.cpu.edd += cpuMs(pids) - before;
        };
        // validate and check_license take turns going first, so neither always follows the same phase.
        if (!WITH_EDD) await validatePhase();
        else for (const phase of round % 2 === 0 ? [validatePhase, eddPhase] : [eddPhase, validatePhase]) await phase();
        run.peakRssMb = Math.max(run.peakRssMb, rssMb(pids));
      }
    }

    console.log(
      `\n${target.dialect}, ${LICENSES} licences, ${CONNECTIONS} connections, ${SECONDS} s per phase in ${ROUNDS} alternating rounds, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)}, Node ${process.version}`,
    );
    let passes = true;
    for (const [index, run] of running.entries()) {
      const health = combine(run.health);
      const validate = combine(run.validate);
      const processes = processTree(run.server.pid ?? 0).length;
      const workers = Math.max(1, processes - 1);
      const logLines = countLogLines(run.logFile, logOffsets[index] ?? 0);
      const ratio = validate.perSecond / health.perSecond;
      const p99Ratio = validate.p99 / health.p99;
      // The bars of docs/design.md section 9: one process ≥ 0.6 × health, several (the default on a multi-core
      // machine) ≥ 0.7 ×; p99 ≤ 1.5 × health's p99 and under 20 ms.
      const ratioBar = workers > 1 ? 0.7 : 0.6;
      const ok = ratio >= ratioBar && p99Ratio <= 1.5 && validate.p99 < 20 && validate.errors === 0 && health.errors === 0;
      passes &&= ok;
      console.log(
        `\n[${run.variant.label}] ${workers} ${workers > 1 ? 'workers' : 'process'}${processes > 1 ? ' + primary' : ''}, peak RSS ${run.peakRssMb.toFixed(0)} MB in all`,
      );
      console.log('phase                               req/s     p50 ms   p99 ms   requests  non-200');
      const edd = WITH_EDD ? combine(run.edd) : null;
      for (const r of [health, validate, ...(edd ? [edd] : [])]) {
        console.log(
          `${r.name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)} ${String(r.requests).padStart(10)} ${String(r.errors).padStart(8)}`,
        );
      }
      const perRequest = (ms: number) => ((ms * 1000) / validate.requests).toFixed(0);
      console.log(
        `CPU per validation: server ${perRequest(run.cpu.server)} µs${onPostgres ? `, database backends ${perRequest(run.cpu.database)} µs (${run.backends.length} connections)` : ''}; ` +
          `log lines written while measuring: ${logLines} (${(logLines / (health.requests + validate.requests)).toFixed(3)} per request)`,
      );
      const gc = gcSummary(run.logFile, logOffsets[index] ?? 0);
      if (gc) console.log(gc);
      console.log(
        `validate/health throughput ${ratio.toFixed(2)} (bar ≥ ${ratioBar.toFixed(2)}); p99 ${validate.p99.toFixed(2)} ms = ${p99Ratio.toFixed(2)} × health's (bar ≤ 1.50, and < 20 ms): ${ok ? 'PASS' : 'FAIL'}`,
      );
      if (edd) {
        // Issue 28: check_license as fast as our validate, ≥ 0.9 × its throughput.
        const eddRatio = edd.perSecond / validate.perSecond;
        const eddOk = eddRatio >= 0.9 && edd.errors === 0;
        passes &&= eddOk;
        console.log(
          `check_license/validate throughput ${eddRatio.toFixed(2)} (bar ≥ 0.90); p99 ${edd.p99.toFixed(2)} ms; server CPU per check ${((run.cpu.edd * 1000) / edd.requests).toFixed(0)} µs: ${eddOk ? 'PASS' : 'FAIL'}`,
        );
      }
    }
    if (process.env.BENCH_KEEP_LOGS) {
      for (const run of running) fs.copyFileSync(run.logFile, path.resolve(`bench-server-${running.indexOf(run)}.log`));
    }
    process.exitCode = passes ? 0 : 1;
  } finally {
    for (const run of running) {
      run.server.kill('SIGTERM');
      if (run.server.exitCode === null) await new Promise((resolve) => run.server.once('exit', resolve));
    }
    fs.rmSync(root, { recursive: true, force: true });
    if (onPostgres) await postgresAdmin(databaseUrl, `drop schema if exists ${schema} cascade`);
  }
}

await main();
