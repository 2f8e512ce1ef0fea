// Postcodes per second through the engine and through POST /api/postcode/test-bulk (10,000 postcodes, signed in).
// Bar (docs/design.md section 9): at least 100,000 postcodes a second through the engine.
// Run: npx tsx bench/postcode-bulk.ts
import { BULK_POSTCODE_LIMIT } from '../common/postcode.js';
import { buildIndex, evaluatePostcode } from '../server/modules/postcode/postcode-engine.js';
import { FIXTURE_RULES, FIXTURE_SECTOR_PRICING, FIXTURE_SETTINGS } from '../server/modules/postcode/postcode-fixture.js';
import { createTestApp } from '../server/test/test-app.js';

const BAR = 100_000;
const RUNS = 7;

/** A deterministic mix: fixture zones, random valid postcodes in and out of them, and some invalid input. */
function samplePostcodes(count: number): string[] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const outwards = ['NE39', 'NE16', 'NE17', 'NE21', 'NE1', 'DH8', 'DH9', 'DH1', 'SR1', 'SW1A', 'M1', 'W1A', 'CR2'];
  return Array.from({ length: count }, (_, i) => {
    if (i % 20 === 0) return pick(['INVALID', '12345', 'NE39', '']);
    const inward = `${Math.floor(random() * 10)}${pick(letters.split(''))}${pick(letters.split(''))}`;
    const postcode = `${pick(outwards)} ${inward}`;
    return i % 3 === 0 ? postcode.toLowerCase().replace(' ', '') : postcode;
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function benchEngine(postcodes: string[]): number {
  const index = buildIndex(FIXTURE_RULES, FIXTURE_SECTOR_PRICING, FIXTURE_SETTINGS);
  for (const postcode of postcodes) evaluatePostcode(index, postcode, 25, '2025-09-20'); // warm-up
  const rates: number[] = [];
  let allowed = 0;
  for (let run = 0; run < RUNS; run++) {
    const passes = 10;
    const started = performance.now();
    for (let pass = 0; pass < passes; pass++) {
      for (const postcode of postcodes) if (evaluatePostcode(index, postcode, 25, '2025-09-20').test_result.delivery_allowed) allowed++;
    }
    rates.push((passes * postcodes.length) / ((performance.now() - started) / 1000));
  }
  if (allowed === 0) throw new Error('no postcode was allowed: the fixture did not load');
  return median(rates);
}

async function benchHttp(postcodes: string[]): Promise<{ rate: number; medianMs: number; bytes: number }> {
  const t = await createTestApp({ seed: false });
  try {
    await t.ctx.postcode.setupTestData();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ postcodes, order_total: 25, delivery_date: '2025-09-20' });
    // The bulk test is admin-only: sign in as the Postcode Testing page does.
    const admin = await t.adminHeaders();
    const post = async () => {
      const started = performance.now();
      const response = await fetch(`${address}/api/postcode/test-bulk`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json', 'accept-encoding': 'identity' },
        body,
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`test-bulk answered ${response.status}: ${text.slice(0, 200)}`);
      return { ms: performance.now() - started, bytes: text.length };
    };
    await post(); // warm-up
    const runs: Array<{ ms: number; bytes: number }> = [];
    for (let run = 0; run < RUNS; run++) runs.push(await post());
    const medianMs = median(runs.map((run) => run.ms));
    return { rate: postcodes.length / (medianMs / 1000), medianMs, bytes: runs[0]?.bytes ?? 0 };
  } finally {
    await t.close();
  }
}

const postcodes = samplePostcodes(BULK_POSTCODE_LIMIT);
const engineRate = benchEngine(postcodes);
console.log(
  `engine: ${Math.round(engineRate).toLocaleString('en-GB')} postcodes/s (median of ${RUNS} runs of ${(10 * postcodes.length).toLocaleString('en-GB')}); bar ${BAR.toLocaleString('en-GB')}/s: ${engineRate >= BAR ? 'pass' : 'FAIL'}`,
);
const http = await benchHttp(postcodes);
console.log(
  `http:   ${Math.round(http.rate).toLocaleString('en-GB')} postcodes/s (POST /api/postcode/test-bulk with ${postcodes.length.toLocaleString('en-GB')} postcodes: median ${http.medianMs.toFixed(0)} ms over ${RUNS} runs, ${(http.bytes / 1e6).toFixed(1)} MB answer)`,
);
if (engineRate < BAR) process.exitCode = 1;
