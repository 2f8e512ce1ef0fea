// Zip check bound benchmark (issue 23): a 50.8 MB zip of 370,000 PHP files once raised the server's resident
// memory to 3.36 GB and took 3.5 minutes, and the release was stored after the client had given up. Uploads,
// to a server of its own (bench/bench-server.ts), while sampling its VmRSS every 10 ms:
// - 370,000 PHP files directly in the plugin folder (stored, about 50 MB): refused with a 400.
//   Bars: answered in < 10 s, RSS rise < 50 MB.
// - 20,000 entries (the most a release may hold, server/modules/releases/plugin-zip.ts): accepted, for comparison.
// Run: npx tsx bench/release-many-files.ts   (BENCH_FILES changes 370,000)
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import yazl from 'yazl';
import { MAX_ZIP_ENTRIES } from '../server/modules/releases/plugin-zip.js';
import { rssMb, sleep, startBenchServer, type BenchServer } from './bench-server.js';

// The demo catalogue's plugin with the shortest slug: 370,000 entries then make about 50 MB, as in issue 23.
const SLUG = 'ucre';
const FILES = Number(process.env.BENCH_FILES ?? 370_000);
const TIME_BAR_MS = 10_000;
const RISE_BAR_MB = 50;

/** `{slug}/{slug}.php` (header Version = `version`) and `count - 1` more PHP files beside it, stored, each padded to `bytes`. */
async function writeZip(file: string, version: string, count: number, bytes: number): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`<?php\n/*\n * Plugin Name: Bench\n * Version: ${version}\n */\n`), `${SLUG}/${SLUG}.php`, { compress: false });
  for (let n = 1; n < count; n++) {
    const content = Buffer.from(`<?php // ${n}\n`.padEnd(bytes, ' '));
    zip.addBuffer(content, `${SLUG}/f${String(n).padStart(6, '0')}.php`, { compress: false });
  }
  zip.end();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

/** One upload while sampling the server's RSS: answer, time, rise. */
async function measure(server: BenchServer, version: string, file: string) {
  await sleep(1500); // let the heap settle after the previous step
  const baseline = rssMb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 10);
  const started = performance.now();
  const answer = await server.upload(SLUG, version, file);
  const ms = performance.now() - started;
  await sleep(200);
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  return { ...answer, ms, baseline, peak, rise: peak - baseline };
}

async function main(): Promise<void> {
  const server = await startBenchServer('many-files');
  try {
    // Warm the upload path (module loading, JIT) with a small valid zip.
    const small = path.join(server.root, 'small.zip');
    await writeZip(small, '9.0.0', 10, 100);
    const warm = await server.upload(SLUG, '9.0.0', small);
    if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.text}`);

    const many = path.join(server.root, 'many.zip');
    const madeAt = performance.now();
    await writeZip(many, '9.0.1', FILES, 28);
    const size = fs.statSync(many).size;
    console.log(
      `made a zip of ${FILES.toLocaleString('en-GB')} PHP files, ${(size / 1e6).toFixed(1)} MB, in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`,
    );
    const refused = await measure(server, '9.0.1', many);
    console.log(
      `${FILES.toLocaleString('en-GB')} files: ${refused.status} in ${refused.ms.toFixed(0)} ms, RSS ${refused.baseline.toFixed(1)} → ${refused.peak.toFixed(1)} MB (rise ${refused.rise.toFixed(1)} MB)`,
    );
    console.log(`  ${refused.text}`);

    const atCap = path.join(server.root, 'at-cap.zip');
    await writeZip(atCap, '9.0.2', MAX_ZIP_ENTRIES, 28);
    const accepted = await measure(server, '9.0.2', atCap);
    console.log(
      `${MAX_ZIP_ENTRIES.toLocaleString('en-GB')} files (${(fs.statSync(atCap).size / 1e6).toFixed(1)} MB, the cap): ${accepted.status} in ${accepted.ms.toFixed(0)} ms, RSS ${accepted.baseline.toFixed(1)} → ${accepted.peak.toFixed(1)} MB (rise ${accepted.rise.toFixed(1)} MB)`,
    );

    const pass = refused.status === 400 && refused.ms < TIME_BAR_MS && refused.rise < RISE_BAR_MB && accepted.status === 201;
    console.log(`bars: 400 in < ${TIME_BAR_MS / 1000} s with an RSS rise < ${RISE_BAR_MB} MB: ${pass ? 'PASS' : 'FAIL'}`);
    if (!pass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
