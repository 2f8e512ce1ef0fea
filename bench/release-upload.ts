// Release upload memory benchmark (docs/design.md section 9): uploading a 50 MB zip must raise the server's
// resident memory by less than 30 MB, because the upload is streamed to disk, never buffered.
// Run: npm run bench:release-upload   (starts its own server, bench/bench-server.ts)
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { rssMb, sleep, startBenchServer } from './bench-server.js';

const FILE_BYTES = 50_000_000;
const LIMIT_MB = 30;

const SLUG = 'postcode-delivery-zones';

/** A plugin zip the server accepts (top folder = slug, header Version = the release version) of `bytes`. */
async function writeZip(file: string, bytes: number, version: string): Promise<void> {
  const zip = new yazl.ZipFile();
  let left = bytes;
  const content = new Readable({
    read() {
      const size = Math.min(1024 * 1024, left);
      left -= size;
      this.push(size > 0 ? randomBytes(size) : null);
    },
  });
  zip.addReadStream(content, `${SLUG}/payload.bin`, { compress: false });
  zip.addBuffer(Buffer.from(`<?php\n/*\n * Plugin Name: Bench\n * Version: ${version}\n */\n`), `${SLUG}/${SLUG}.php`);
  zip.end();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

async function main(): Promise<void> {
  const server = await startBenchServer('upload');
  const root = server.root;
  const zipFile = path.join(root, 'bench.zip');
  try {
    await writeZip(zipFile, FILE_BYTES, '9.0.1');
    const upload = async (version: string, file: string) => {
      const answer = await server.upload(SLUG, version, file);
      if (answer.status !== 201) throw new Error(`upload ${version}: ${answer.status} ${answer.text}`);
    };

    // Warm up the upload path (module loading, JIT) with a small zip, then let the heap settle.
    const smallZip = path.join(root, 'small.zip');
    await writeZip(smallZip, 100_000, '9.0.0');
    await upload('9.0.0', smallZip);
    await sleep(1500);
    const pid = server.pid;
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 10);
    const started = performance.now();
    await upload('9.0.1', zipFile);
    const ms = performance.now() - started;
    await sleep(200);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const rise = peak - baseline;
    const result = {
      file_mb: +(fs.statSync(zipFile).size / 1e6).toFixed(1),
      upload_ms: Math.round(ms),
      rss_baseline_mb: +baseline.toFixed(1),
      rss_peak_mb: +peak.toFixed(1),
      rss_rise_mb: +rise.toFixed(1),
      limit_mb: LIMIT_MB,
      pass: rise < LIMIT_MB,
    };
    console.log(JSON.stringify(result));
    if (!result.pass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
