// Zip check bound benchmark (issue 23): a 50.8 MB zip of 370,000 PHP files once raised the server's resident
// memory to 3.36 GB and took 3.5 minutes, and the release was stored after the client had given up. Uploads,
// to a server of its own (bench/bench-server.ts), while sampling its VmRSS every 10 ms:
// - 370,000 PHP files directly in the plugin folder (stored, about 50 MB): refused with a 400.
//   Bars: answered in < 10 s, RSS rise < 50 MB.
// - 20,000 entries (the most a release may hold, server/modules/releases/plugin-zip.ts): accepted, for comparison.
// Run: npx tsx bench/release-many-files.ts   (BENCH_FILES changes 370,000)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { MAX_ZIP_ENTRIES } from '../server/modules/releases/plugin-zip.js';
import { rssMb, sleep, startBenchServer, type BenchServer } from './bench-server.js';

// The demo catalogue's plugin with the shortest slug: 370,000 entries then make about 50 MB, as in issue 23.
const SLUG = 'ucre';
const FILES = Number(process.env.BENCH_FILES ?? 370_000);
const TIME_BAR_MS = 10_000;
const RISE_BAR_MB = 50;

/**
 * Writes a stored (uncompressed) zip of `{slug}/{slug}.php` (header Version = `version`) and `count - 1` more
 * PHP files beside it, each padded to `bytes`. Written here rather than with yazl, whose time grows with the
 * square of the entry count (it looks for its next entry from the first on each step: 60,000 took 20 s).
 * ZIP64 end records, since a plain zip counts at most 65,535 entries.
 */
function writeZip(file: string, version: string, count: number, bytes: number): void {
  const fd = fs.openSync(file, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const write = (buffer: Buffer) => {
    pending.push(buffer);
    pendingBytes += buffer.length;
    offset += buffer.length;
    if (pendingBytes > 4 * 1024 * 1024) flush();
  };
  const flush = () => {
    fs.writeSync(fd, Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  const add = (name: string, content: Buffer) => {
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // version made by
    header.writeUInt16LE(20, 6); // version needed
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(content.length, 20);
    header.writeUInt32LE(content.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, nameBytes);
    write(local);
    write(nameBytes);
    write(content);
  };
  add(`${SLUG}/${SLUG}.php`, Buffer.from(`<?php\n/*\n * Plugin Name: Bench\n * Version: ${version}\n */\n`));
  for (let n = 1; n < count; n++) add(`${SLUG}/f${String(n).padStart(6, '0')}.php`, Buffer.from(`<?php // ${n}\n`.padEnd(bytes, ' ')));
  const centralStart = offset;
  for (const part of central) write(part);
  const centralSize = offset - centralStart;
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4); // size of the rest of this record
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(count), 24);
  zip64End.writeBigUInt64LE(BigInt(count), 32);
  zip64End.writeBigUInt64LE(BigInt(centralSize), 40);
  zip64End.writeBigUInt64LE(BigInt(centralStart), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8); // see the ZIP64 record
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralStart, 16);
  write(zip64End);
  write(locator);
  write(end);
  flush();
  fs.closeSync(fd);
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
    writeZip(small, '9.0.0', 10, 100);
    const warm = await server.upload(SLUG, '9.0.0', small);
    if (warm.status !== 201) throw new Error(`warm-up upload: ${warm.status} ${warm.text}`);

    const many = path.join(server.root, 'many.zip');
    const madeAt = performance.now();
    writeZip(many, '9.0.1', FILES, 28);
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
    writeZip(atCap, '9.0.2', MAX_ZIP_ENTRIES, 28);
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
