import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AnswerSummaries, isSummarizedRoute } from './request-log.js';

describe('isSummarizedRoute', () => {
  it.each([
    ['/api/health', true],
    ['/api/v1/licenses/validate', true],
    ['/api/v1/plugins/:slug/update', true],
    ['/api/v1/downloads/:token/:file', true],
    ['/api/healthz', false],
    ['/api/plugins', false],
    ['/api/admin/licenses', false],
    [undefined, false],
  ])('%s → %s', (route, expected) => {
    expect(isSummarizedRoute(route)).toBe(expected);
  });
});

describe('AnswerSummaries', () => {
  it('writes count, statuses, p50, p99 and max per path, then starts again; nothing for an empty interval', () => {
    const written: Array<{ answers: Record<string, { count: number; p50Ms: number; p99Ms: number; maxMs: number; statuses: object }> }> = [];
    const log = { info: (fields: (typeof written)[number]) => written.push(fields) } as unknown as FastifyBaseLogger;
    const summaries = new AnswerSummaries(log);
    for (let i = 1; i <= 1000; i++) summaries.add('/api/v1/licenses/validate', 200, i / 100); // 0.01 … 10 ms
    summaries.add('/api/health', 200, 1);
    summaries.flush();
    summaries.flush();
    expect(written).toHaveLength(1);
    const validate = written[0]?.answers['/api/v1/licenses/validate'];
    expect(validate).toMatchObject({ count: 1000, statuses: { 200: 1000 }, maxMs: 10 });
    // Buckets grow by 5 %: a percentile is at most 5 % above the true one.
    expect(validate?.p50Ms).toBeGreaterThanOrEqual(5);
    expect(validate?.p50Ms).toBeLessThanOrEqual(5.25);
    expect(validate?.p99Ms).toBeGreaterThanOrEqual(9.9);
    expect(validate?.p99Ms).toBeLessThanOrEqual(10);
    expect(written[0]?.answers['/api/health']).toMatchObject({ count: 1, p50Ms: 1, p99Ms: 1, maxMs: 1 });
  });
});
