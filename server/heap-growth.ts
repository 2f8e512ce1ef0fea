import v8 from 'node:v8';

// How far V8 lets the old generation grow past what survived its last full collection before it collects again
// (issue 44, docs/big-shop.md "Memory under load"). Left to itself V8 allows up to four times that, and narrows the
// allowance only once the process has been idle for a while (its "memory reducer"). A server busy from its start (a
// big shop's start-up work, then a bench's load) kept that allowance: at 1,000,000 licences 58 MB survived its
// start-up collection, and under load the heap filled with garbage to 230 MB before the next one, so its RSS peaked at
// 393–408 MB against 290 MB at 10,000 in runs where the small shop's server happened to be idle first
// (bench/README.md, "Session 20"). Half again what survived keeps the peak near what is live; the full collections it
// adds under load (every few seconds, marked incrementally) cost nothing measurable in CPU per answer.
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets V8's heap growing factor unless this process's command line gives one (an operator's own
 * `--heap-growing-percent` wins). V8 reads the flag whenever it sets the next collection's limit, so setting it at
 * start, before the server's work, covers the whole run. Returns the flag set, or null.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): string | null {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return null;
  const flag = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
  v8.setFlagsFromString(flag);
  return flag;
}
