import { describe, expect, it } from 'vitest';
import { PollingLoop } from './polling-loop.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('PollingLoop', () => {
  it('never overlaps passes, runs one more for a kick during a pass, and stops after the pass in progress', async () => {
    let running = 0;
    let maxRunning = 0;
    let passes = 0;
    let release: () => void = () => undefined;
    const loop = new PollingLoop({
      intervalMs: 60_000,
      pass: async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        passes += 1;
        await new Promise<void>((resolve) => (release = resolve));
        running -= 1;
      },
      onError: () => undefined,
    });
    loop.kick();
    loop.kick();
    loop.kick(); // during the first pass: one more pass, not two
    expect(loop.isPassing).toBe(true);
    release();
    await tick();
    expect(passes).toBe(2);
    release();
    await tick();
    expect(passes).toBe(2);
    expect(maxRunning).toBe(1);
    loop.kick();
    const stopped = loop.stop();
    expect(loop.isStopped).toBe(true);
    release();
    await stopped;
    loop.kick();
    expect(passes).toBe(3);
    expect(loop.isPassing).toBe(false);
  });

  it('reports a failed pass and keeps going', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = new PollingLoop({
      intervalMs: 60_000,
      pass: () => {
        passes += 1;
        return passes === 1 ? Promise.reject(new Error('boom')) : Promise.resolve();
      },
      onError: (error) => errors.push(error),
    });
    await loop.runNow();
    await loop.runNow();
    expect(passes).toBe(2);
    expect(errors).toHaveLength(1);
    await loop.stop();
  });
});
