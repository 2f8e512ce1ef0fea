// npx tsx bench/shop-export.ts [--before <commit>] [--licenses N]   (npm run bench:shop-export)
// This server's own export and its re-import (issue 28) for a shop of 100,000 licences (or N), before and after the
// export was streamed: memory (peak VmRSS, sampled from /proc every 20 ms) and time of each step in its own
// process. The shop: bench/import.ts's Easy Digital Downloads file of 100,000 licences (a third with one or two
// sites) imported into a fresh SQLite database. BEFORE is the code of <commit> (default fbb13f3, the last commit
// with the export built in memory: `git archive` of server/ and common/ into a temp folder, node_modules
// linked); AFTER is this checkout. Each exports the shop to a file (BEFORE: buildShopExport then JSON.stringify,
// what its route sent; AFTER: writeShopExport, what the route streams), then imports that file into an empty
// database with the command line (`server/cli/import.ts --from self <file> --apply`).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/startup.js';
import { LICENSING_PLUGIN_SLUG } from '../server/db/seed.js';
import { writeCsv } from './import.js';

const { values } = parseArgs({ options: { before: { type: 'string', default: 'fbb13f3' }, licenses: { type: 'string', default: '100000' } } });
const ROOT = path.resolve(import.meta.dirname, '..');

/** Runs `node --import tsx <args>` in `cwd`, sampling its resident memory; fails on another exit code than `ok`. */
function runSampled(cwd: string, args: string[], env: NodeJS.ProcessEnv, ok = [0]): Promise<{ ms: number; peakMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-4000)));
  let peakKb = 0;
  const sample = setInterval(() => {
    try {
      peakKb = Math.max(peakKb, Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
    } catch {
      // the process has ended
    }
  }, 20);
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      clearInterval(sample);
      if (!ok.includes(code ?? -1)) reject(new Error(`${args.join(' ')} exited ${code}:\n${errors}`));
      else resolve({ ms: performance.now() - started, peakMb: peakKb / 1024 });
    }),
  );
}

/** The export step, as a script in the tree measured (its own imports, its own code). */
const EXPORT_SCRIPT = `import fs from 'node:fs';
import { loadConfig } from './server/config.js';
import { openDatabase } from './server/startup.js';
import * as shop from './server/modules/importers/shop-export.js';
const db = await openDatabase({ ...loadConfig(), SEED_DEMO: false });
const file = process.argv[2];
if ('writeShopExport' in shop) await shop.writeShopExport(db, file);
else await fs.promises.writeFile(file, JSON.stringify(await shop.buildShopExport(db)));
await db.destroy();
`;

async function measure(label: string, tree: string, source: NodeJS.ProcessEnv, dir: string): Promise<void> {
  const file = path.join(dir, `${label}.json`);
  const script = path.join(tree, `bench-export-${process.pid}.ts`);
  fs.writeFileSync(script, EXPORT_SCRIPT);
  try {
    const exported = await runSampled(tree, [script, file], source);
    const target = { ...source, DATA_DIR: path.join(dir, `${label}-target`) };
    await (await openDatabase({ ...loadConfig(target), SEED_DEMO: false })).destroy();
    const imported = await runSampled(tree, ['server/cli/import.ts', '--from', 'self', file, '--apply'], target);
    const check = await openDatabase({ ...loadConfig(target), SEED_DEMO: false });
    const licences = Number(
      (
        await check
          .selectFrom('licenses')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await check.destroy();
    console.log(
      `${label}: export ${(exported.ms / 1000).toFixed(1)} s, peak RSS ${exported.peakMb.toFixed(0)} MB, file ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB; ` +
        `import ${(imported.ms / 1000).toFixed(1)} s, peak RSS ${imported.peakMb.toFixed(0)} MB; ${licences} licences imported`,
    );
  } finally {
    fs.rmSync(script, { force: true });
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-export-'));
  const before = path.join(dir, 'before');
  try {
    const csv = path.join(dir, 'edd.csv');
    await writeCsv(csv, Number(values.licenses));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(dir, 'source'), LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    await (await openDatabase({ ...loadConfig(env), SEED_DEMO: true })).destroy();
    // Exit code 2: the file's few malformed rows (bench/import.ts) are reported and left out.
    await runSampled(ROOT, ['server/cli/import.ts', '--from', 'edd', csv, '--map', `Bench Product=${LICENSING_PLUGIN_SLUG}`, '--apply'], env, [0, 2]);

    fs.mkdirSync(before);
    const archive = execFileSync('git', ['archive', values.before!, 'server', 'common', 'package.json', 'tsconfig.json'], { cwd: ROOT, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', before], { input: archive });
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(before, 'node_modules'));

    await measure('before', before, env, dir);
    await measure('after', ROOT, env, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
