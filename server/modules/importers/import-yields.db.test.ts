import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { runImport } from './import.service.js';

// Issue 37: a large import, read from memory, once held the event loop for its whole length (a 600,000-row dry run
// stalled /api/health to 679 ms). The import gives the loop a turn every YIELD_EVERY_MS, so a timer set beside it
// keeps firing and health keeps answering while it runs.
const HEADER =
  'License ID,License Key,License Status,Customer ID,Customer Email,Customer Name,User ID,Product Name,Price ID,Purchase Date,Expiration Date,Activation Limit,Activation Count,Activated URLs';

function eddFile(rows: number): Readable {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const key = i.toString(16).padStart(32, '0');
    lines.push(`${i + 1},${key},active,${i},buyer${i}@example.com,Buyer ${i},${i},Postcode Zones,,2024-01-15 10:00:00,2030-01-15 10:00:00,2,0,`);
  }
  // In pieces of 64 KiB, as an upload or a file stream delivers it.
  const text = lines.join('\n');
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += 64 * 1024) pieces.push(text.slice(at, at + 64 * 1024));
  return Readable.from(pieces);
}

describe(`a large import keeps the shop answering (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a 30,000-row dry run lets timers fire and health answer throughout', async () => {
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const health: Array<Promise<number>> = [];
    const probes = setInterval(() => {
      const sent = performance.now();
      health.push(t.app.inject({ method: 'GET', url: '/api/health' }).then((answer) => (expect(answer.statusCode).toBe(200), performance.now() - sent)));
    }, 25);
    const started = performance.now();
    try {
      const summary = await runImport(t.ctx, eddFile(30_000), {
        format: 'edd',
        mapping: { 'Postcode Zones': POSTCODE_PLUGIN_SLUG },
        apply: false,
        onError: 'continue',
        rules: { localSitesExempt: true, stagingPatterns: [], trustEnvironmentClaim: false },
      });
      expect(summary).toMatchObject({ rows: 30_000, created: 30_000, errors: 0 });
    } finally {
      clearInterval(timer);
      clearInterval(probes);
    }
    const took = performance.now() - started;
    const answered = await Promise.all(health);
    // The import took long enough to matter, and the loop turned all along: without the turns the timer fires
    // only once the import is over (one gap as long as the import) and no health probe is answered meanwhile.
    expect(took).toBeGreaterThan(100);
    expect(answered.length).toBeGreaterThan(2);
    expect(Math.max(...gaps)).toBeLessThan(Math.max(250, took / 3));
  }, 120_000);
});
