// Per-call cost of the per-IP limit hook (server/http/rate-limit.ts), which runs before every licence
// validation. Calls the hook directly with stand-in request/reply objects: no HTTP, only the limiter.
// Run: npx tsx bench/rate-limit.ts
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimit } from '../server/http/rate-limit.js';

const CALLS = 500_000;
const RUNS = 5;

const reply = { code: () => reply, header: () => reply, send: () => reply } as unknown as FastifyReply;
const noop = () => undefined;

function nsPerCall(name: string, ips: string[]): void {
  // `server` without shared limits: the in-process path, as without REDIS_URL.
  const requests = ips.map((ip) => ({ ip, server: {} }) as FastifyRequest);
  const results: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A fresh limiter per run; a budget nobody reaches, so every call takes the allowed path.
    const hook = rateLimit({ name: 'bench', max: () => 1_000_000_000 });
    const started = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) hook(requests[i % requests.length] as FastifyRequest, reply, noop);
    results.push(Number(process.hrtime.bigint() - started) / CALLS);
  }
  results.sort((a, b) => a - b);
  console.log(`${name.padEnd(48)} median ${results[Math.floor(RUNS / 2)]?.toFixed(0)} ns/call (runs: ${results.map((r) => r.toFixed(0)).join(', ')})`);
}

const ipv4 = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
nsPerCall(
  '50 clients (IPv4), steady state',
  Array.from({ length: 50 }, (_, i) => ipv4(i)),
);
nsPerCall(
  '50 clients (IPv6, counted by /64)',
  Array.from({ length: 50 }, (_, i) => `2001:db8:${i.toString(16)}::1`),
);
nsPerCall(
  'flood: 500,000 distinct IPv4 addresses',
  Array.from({ length: CALLS }, (_, i) => ipv4(i)),
);
nsPerCall(
  'flood: 131,072 /64s of one /47, round robin',
  Array.from({ length: 131_072 }, (_, i) => `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`),
);
