// The load of bench/license-validate.ts: 50 keep-alive connections, each a different WordPress site, and the
// throughput and latency percentiles of a phase's answers.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const CONNECTIONS = 50;

export interface PhaseResult {
  name: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** 50 keep-alive connections, each sending its next request as soon as the previous answer arrives. */
export async function runPhase(
  name: string,
  port: number,
  makeRequest: (i: number) => { method: string; path: string; body?: string; contentType?: string },
  seconds: number,
): Promise<PhaseResult & { latencies: number[]; elapsed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = (connection: number) =>
    new Promise<void>((resolve) => {
      const { method, path: urlPath, body, contentType = 'application/json' } = makeRequest(counter++);
      const started = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: urlPath,
          agent,
          // Each connection is a different WordPress site, as in production.
          headers: {
            'x-forwarded-for': `198.51.100.${connection + 1}`,
            ...(body ? { 'content-type': contentType, 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            if (response.statusCode !== 200) errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (performance.now() < deadline) await one(connection);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
    elapsed,
  };
}

export function combine(rounds: Array<PhaseResult & { latencies?: number[]; elapsed?: number }>): PhaseResult {
  const latencies = rounds.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  const elapsed = rounds.reduce((sum, r) => sum + (r.elapsed ?? 0), 0);
  return {
    name: rounds[0]?.name ?? '',
    requests: latencies.length,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/api/health' }, (r) => (r.resume(), resolve(r.statusCode === 200))).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}
