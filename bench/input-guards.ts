// What the NUL check and the body deadline add to a licence validation, in CPU per request.
// `npx tsx bench/input-guards.ts`. Compares, in one process and alternating rounds so both see the same load:
// the zod validator with and without the NUL scan (the validate request body), and the body deadline's
// bookkeeping per request. Prints medians of 7 rounds.
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { validateRequestSchema } from '../common/licenses.js';
import { nulSafeValidatorCompiler } from '../server/lib/nul-bytes.js';
import { registerBodyDeadline } from '../server/http/timeouts.js';
import type { App } from '../server/kernel/context.js';

const body = { license_key: 'ABCD-EFGH-IJKL-MNOP', site_url: 'https://shop.example.com', plugin_slug: 'postcode-delivery-zones' };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function cpuMicros(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const compile = (compiler: typeof validatorCompiler) => compiler({ schema: validateRequestSchema, method: 'POST', url: '/v', httpPart: 'body' });
const plain = compile(validatorCompiler);
const guarded = compile(nulSafeValidatorCompiler);
const CALLS = 200_000;
const validator = { plain: [] as number[], guarded: [] as number[] };
for (let round = 0; round < 7; round++) {
  validator.plain.push(
    (cpuMicros(() => {
      for (let i = 0; i < CALLS; i++) plain(body);
    }) *
      1000) /
      CALLS,
  );
  validator.guarded.push(
    (cpuMicros(() => {
      for (let i = 0; i < CALLS; i++) guarded(body);
    }) *
      1000) /
      CALLS,
  );
}

// The body deadline's per-request work: the raw 'request' listener it adds (a Map entry for a request with
// a body), then the sweep dropping the entry once the body is complete.
const app = Fastify({ logger: false });
registerBodyDeadline(app as unknown as App, 30_000);
const noteArrival = app.server.listeners('request').at(-1) as (request: unknown, response: unknown) => void;
const REQUESTS = 200_000;
const headers = { 'content-type': 'application/json', 'content-length': '90' };
const deadline = { plain: [] as number[], guarded: [] as number[] };
for (let round = 0; round < 7; round++) {
  for (const kind of ['plain', 'guarded'] as const) {
    const pairs = Array.from({ length: REQUESTS }, () => {
      const request = { headers, complete: false, destroyed: false };
      return { request, response: { req: request } };
    });
    const micros = cpuMicros(() => {
      for (const { request, response } of pairs) {
        if (kind === 'guarded') noteArrival(request, response);
        request.complete = true;
      }
    });
    deadline[kind].push((micros * 1000) / REQUESTS);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_100)); // a sweep runs and empties the map
}
await app.close();

console.log(`zod validator, validate body: ${median(validator.plain).toFixed(0)} ns plain, ${median(validator.guarded).toFixed(0)} ns with the NUL scan`);
console.log(
  `body deadline bookkeeping: ${(median(deadline.guarded) - median(deadline.plain)).toFixed(0)} ns per request with a body (sweep not counted: one Map delete)`,
);
