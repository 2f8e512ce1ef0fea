// Storefront bench (DESIGN.md section 9): gzipped JavaScript loaded by `/` (bar: at most 100 KB) and the
// Lighthouse performance score of `/`, `/catalog` and `/plugin/postcode-delivery-zones` (bar: at least 95).
//
//   node bench/storefront.mjs            (RUNS=3 for the median of three Lighthouse runs per page)
//
// Builds the web app into a temp folder, starts the server on a fresh SQLite database (demo catalogue
// seeded) on a free port, and drives Debian's Chromium through chrome-launcher. Exits 1 when a bar is missed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PAGES = ['/', '/catalog', '/plugin/postcode-delivery-zones'];
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const JS_BUDGET_BYTES = 100 * 1024;
const SCORE_BAR = 95;

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('server did not start');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storefront-'));
const webOut = path.join(root, 'web');
const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, WEB_OUT_DIR: webOut } });
if (built.status !== 0) process.exit(built.status ?? 1);

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST_DIR: webOut,
    ADMIN_PASSWORD: 'bench-storefront-password',
    LOG_LEVEL: 'warn',
    BASE_URL: baseUrl,
  },
});

let chrome;
let failed = false;
try {
  await waitForHealth(baseUrl);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results = [];
  for (const page of PAGES) {
    const scores = [];
    let scripts = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
      const lhr = result.lhr;
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url);
      if (run === 0) {
        const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
        console.log(`${page}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`);
      }
    }
    // The bar counts gzip (level 6, what servers use) of each script the page loaded, whatever encoding was served.
    let gzipBytes = 0;
    for (const url of scripts) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      gzipBytes += zlib.gzipSync(body, { level: 6 }).length;
    }
    results.push({ page, score: median(scores), scores, scripts: scripts.length, gzipBytes });
  }

  console.log('\npage                               perf (runs)       scripts  gzipped JS');
  for (const r of results) {
    console.log(`${r.page.padEnd(34)} ${String(r.score).padStart(3)} (${r.scores.join(', ')})`.padEnd(52) + `${String(r.scripts).padStart(7)}  ${kib(r.gzipBytes)} (${r.gzipBytes} B)`);
    if (r.score < SCORE_BAR) failed = true;
  }
  const landing = results[0];
  console.log(`\nlanding page JS: ${kib(landing.gzipBytes)} gzipped (bar ${kib(JS_BUDGET_BYTES)}): ${landing.gzipBytes <= JS_BUDGET_BYTES ? 'PASS' : 'FAIL'}`);
  console.log(`Lighthouse performance bar ${SCORE_BAR}: ${results.every((r) => r.score >= SCORE_BAR) ? 'PASS' : 'FAIL'}`);
  if (landing.gzipBytes > JS_BUDGET_BYTES) failed = true;
} finally {
  if (chrome) await chrome.kill();
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
