// Readme parsing benchmark (issue 23): a hostile readme.txt once blocked the event loop for 8–11 s (a changelog
// line of 3,000 spaces on every update check of the release, a `==` line at upload). Two parts:
// 1. parse: each 1 MB hostile readme through what an upload does with it (readmeMetadata: parse, cut the
//    changelog, make its HTML, find the upgrade notice; the server reads only the first 512 KB, this the whole
//    MB), in process; median of 7 runs after a warm-up. Bar: < 50 ms each. Also every section's entries and
//    HTML, uncut (more than any request does), for comparison.
// 2. update check: a server (bench/bench-server.ts) with one plugin's latest release carrying a normal readme
//    and another's carrying a 1 MB hostile one; 20 keep-alive connections ask GET /api/v1/plugins/{slug}/update
//    in alternating rounds, while one more connection polls /api/health. Bar: the hostile release's p99 within
//    25 % of the normal one's (the same p99, give or take the machine's noise).
// Run: npx tsx bench/readme-parse.ts   (BENCH_SECONDS: update check seconds per plugin, default 12, in 4 rounds)
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import path from 'node:path';
import yazl from 'yazl';
import { parsePluginHeader, parseReadme, subsections, upgradeNoticeFor } from '../server/modules/releases/plugin-headers.js';
import { readmeSectionToHtml } from '../server/modules/releases/readme-html.js';
import { readmeMetadata } from '../server/modules/releases/plugin-zip.js';
import { startBenchServer } from './bench-server.js';

const MB = 1024 * 1024;
const PARSE_BAR_MS = 50;
const RUNS = 7;
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = 4;
const spaces = ' '.repeat(3000);

/** 1 MB of `unit` (repeated, then cut). */
const fill = (unit: string, bytes = MB) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes);

const HOSTILE: Record<string, string> = {
  'changelog lines "=" + 3,000 spaces': `== Changelog ==\n${fill(`=${spaces}x\n`)}`,
  'lines "==" + 3,000 spaces': fill(`==${spaces}x\n`),
  '"==" repeated on one line': fill('== '),
  '"= = =" on one line': `== Changelog ==\n${fill('= ')}`,
  '"=" lines of 100 spaces': `== Changelog ==\n${fill(`=${' '.repeat(100)}x\n`)}`,
  'one line of "*"': `== Changelog ==\n${fill('*')}`,
  '"* " list items': `== Changelog ==\n${fill('* x\n')}`,
  'one line of "["': `== Changelog ==\n${fill('[')}`,
  'one line of "("': `== Changelog ==\n${fill('(')}`,
  'one line of backticks': `== Changelog ==\n${fill('`')}`,
  'one line of "#"': fill('#'),
  '"## " headings': fill('## x\n'),
  'one line of spaces': `a${fill(' ')}x`,
  'header field, spaces and tabs before ":"': `Tested up to${fill(' \t')}x:`,
  'one line of "<"': fill('<'),
  'short heading lines': fill('= x\n== y\n* z\n\n'),
};

/** Every section's entries and HTML, uncut: more than an upload or an update check does. */
function parseEverything(text: string): void {
  const readme = parseReadme(text);
  for (const body of Object.values(readme.sections)) {
    subsections(body);
    readmeSectionToHtml(body);
  }
  upgradeNoticeFor(readme, '9.0.0');
  parsePluginHeader(text);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Median wall and CPU milliseconds of `work` over RUNS runs. */
function time(work: () => void): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    work();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

function benchParse(): boolean {
  for (let n = 0; n < 3; n++) {
    for (const text of Object.values(HOSTILE)) {
      readmeMetadata(text, '9.0.0');
      parseEverything(text);
    }
  }
  console.log(`parse: 1 MB hostile readmes, median of ${RUNS} runs, ms (wall / CPU of this process)`);
  console.log(`  ${''.padEnd(44)} ${'upload (readmeMetadata)'.padStart(24)} ${'every section, uncut'.padStart(22)}`);
  let worst = 0;
  for (const [name, text] of Object.entries(HOSTILE)) {
    const upload = time(() => readmeMetadata(text, '9.0.0'));
    const everything = time(() => parseEverything(text));
    worst = Math.max(worst, upload.wall);
    const cell = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(1)} / ${t.cpu.toFixed(1)}`;
    console.log(`  ${name.padEnd(44)} ${cell(upload).padStart(24)} ${cell(everything).padStart(22)}`);
  }
  const pass = worst < PARSE_BAR_MS;
  console.log(`parse: slowest upload median ${worst.toFixed(1)} ms (bar < ${PARSE_BAR_MS} ms): ${pass ? 'PASS' : 'FAIL'}\n`);
  return pass;
}

/** A plugin zip: `{slug}/{slug}.php` with a header saying `version`, and the readme. */
async function writePluginZip(file: string, slug: string, version: string, readme: string): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`<?php\n/*\n * Plugin Name: Bench\n * Version: ${version}\n * Author: Bench Ltd\n */\n`), `${slug}/${slug}.php`);
  zip.addBuffer(Buffer.from(readme), `${slug}/readme.txt`);
  zip.end();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

/** A readme as vendors write it: header, description, 30 versions of changelog, an upgrade notice. */
function normalReadme(): string {
  const versions = Array.from(
    { length: 30 },
    (_, n) => `= 9.0.${29 - n} =\n* Faster postcode checks\n* Fixed the sector pricing rounding\n* Tested up to WordPress 6.8`,
  );
  return [
    '=== Bench ===',
    'Requires at least: 6.0',
    'Tested up to: 6.8',
    'Requires PHP: 8.0',
    'Stable tag: 9.0.0',
    '',
    '== Description ==',
    'Delivery zones by postcode.',
    '',
    '== Changelog ==',
    ...versions,
    '',
    '== Upgrade Notice ==',
    '= 9.0.0 =',
    'Re-save your zones after updating.',
  ].join('\n');
}

/** A 1 MB hostile readme whose changelog mixes the shapes above (the server reads its first 512 KB). */
function hostileReadme(): string {
  return `=== Bench ===\nTested up to${' '.repeat(3000)}6.8\n==${spaces}x\n== Changelog ==\n= 9.0.0 =\n${fill(`=${spaces}x\n* ${'*['.repeat(200)}\n${'= '.repeat(500)}\n${'`('.repeat(300)}\n`)}`;
}

interface Phase {
  latencies: number[];
  errors: number;
  seconds: number;
}

/** CONNECTIONS keep-alive connections asking `path` back to back for `seconds`; each is another site (X-Forwarded-For). */
async function load(port: number, urlPath: string, seconds: number): Promise<Phase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = (connection: number) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      http
        .get({ host: '127.0.0.1', port, path: urlPath, agent, headers: { 'x-forwarded-for': `198.51.100.${connection + 1}` } }, (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            if (response.statusCode !== 200) errors += 1;
            resolve();
          });
        })
        .on('error', () => {
          errors += 1;
          resolve();
        });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (performance.now() < deadline) await one(connection);
    }),
  );
  agent.destroy();
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

/** One more connection polling /api/health while `work` runs: its latencies. */
async function pollHealth(port: number, work: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (r) => (r.resume(), r.on('end', resolve))).on('error', () => resolve());
    });
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return latencies;
}

function summary(name: string, phases: Phase[], health: number[]): { p99: number } {
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = phases.reduce((sum, p) => sum + p.seconds, 0);
  const errors = phases.reduce((sum, p) => sum + p.errors, 0);
  const sortedHealth = [...health].sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  console.log(
    `  ${name.padEnd(28)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${percentile(latencies, 50).toFixed(2).padStart(6)}  p99 ${p99.toFixed(2).padStart(6)}  max ${(latencies.at(-1) ?? 0).toFixed(1).padStart(6)} ms  non-200 ${errors}  | health p99 ${percentile(sortedHealth, 99).toFixed(2)}, max ${(sortedHealth.at(-1) ?? 0).toFixed(1)} ms`,
  );
  return { p99 };
}

async function benchUpdateCheck(): Promise<boolean> {
  const server = await startBenchServer('readme');
  try {
    const settings = await fetch(`${server.base}/api/admin/settings`, {
      method: 'PUT',
      headers: { ...server.admin, 'content-type': 'application/json' },
      body: JSON.stringify({ rate_limit_per_minute: 100_000 }),
    });
    if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
    const plugins = { normal: 'postcode-delivery-zones', hostile: 'ucre' };
    const normalZip = path.join(server.root, 'normal.zip');
    const hostileZip = path.join(server.root, 'hostile.zip');
    await writePluginZip(normalZip, plugins.normal, '9.0.0', normalReadme());
    await writePluginZip(hostileZip, plugins.hostile, '9.0.0', hostileReadme());
    for (const [slug, file] of [
      [plugins.normal, normalZip],
      [plugins.hostile, hostileZip],
    ] as const) {
      const started = performance.now();
      const answer = await server.upload(slug, '9.0.0', file);
      if (answer.status !== 201) throw new Error(`upload ${slug}: ${answer.status} ${answer.text}`);
      console.log(`upload ${slug} 9.0.0 (${(fs.statSync(file).size / 1024).toFixed(0)} KB zip): ${(performance.now() - started).toFixed(0)} ms`);
    }
    const sizes = await Promise.all(
      Object.values(plugins).map(async (slug) => (await (await fetch(`${server.base}/api/v1/plugins/${slug}/update`)).text()).length),
    );
    console.log(`update answer sizes: normal ${sizes[0]} B, hostile ${sizes[1]} B`);
    const urlOf = (slug: string) => `/api/v1/plugins/${slug}/update?installed_version=1.0.0`;
    await load(server.port, urlOf(plugins.normal), 2);
    await load(server.port, urlOf(plugins.hostile), 2);
    const rounds = { normal: [] as Phase[], hostile: [] as Phase[] };
    const health = { normal: [] as number[], hostile: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ['normal', 'hostile'] as const) {
        const work = load(server.port, urlOf(plugins[kind]), SECONDS / ROUNDS);
        health[kind].push(...(await pollHealth(server.port, work)));
        rounds[kind].push(await work);
      }
    }
    console.log(`update check: ${CONNECTIONS} connections, ${SECONDS} s per release in ${ROUNDS} alternating rounds`);
    const normal = summary('normal readme', rounds.normal, health.normal);
    const hostile = summary('1 MB hostile readme', rounds.hostile, health.hostile);
    const pass = hostile.p99 <= normal.p99 * 1.25;
    console.log(`update check: hostile p99 ${hostile.p99.toFixed(2)} ms vs normal ${normal.p99.toFixed(2)} ms (bar: within 25 %): ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const parsePass = benchParse();
  const updatePass = await benchUpdateCheck();
  if (!parsePass || !updatePass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
