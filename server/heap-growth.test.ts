// The server's V8 heap growing factor (server/heap-growth.ts): set at start unless node's command line gives one. Its
// effect on the server's memory under load is measured by bench/bigshop-check.ts (bench/README.md, "Session 20"), not
// here: a test process's heap shows it too unreliably to assert on.
import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from './heap-growth.js';

describe('the heap growing factor', () => {
  it("is set unless node's command line gives one, in either spelling", () => {
    expect(limitHeapGrowth(['--import', 'tsx'])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(limitHeapGrowth(['--heap-growing-percent=200'])).toBeNull();
    expect(limitHeapGrowth(['--heap_growing_percent=10'])).toBeNull();
  });
});
