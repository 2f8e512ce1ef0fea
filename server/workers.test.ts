import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { chooseWorkers, MEMORY_PER_WORKER_BYTES, POSTGRES_AUTO_MAX, workerPoolSize } from './workers.js';

const GB = 1024 ** 3;

// Issue 30: a production start uses the cores (all but one) without reading docs/deploy.md, within memory and, on
// PostgreSQL, within the database's connections; development and the test servers keep one process.
describe('WORKERS default', () => {
  it('is one per core but one in production, bounded by memory', () => {
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 2, memoryBytes: 24 * GB }).workers).toBe(1);
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 4, memoryBytes: 24 * GB }).workers).toBe(3);
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 16, memoryBytes: 24 * GB }).workers).toBe(15);
    // 1 GB: half of it is two workers' budget.
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 8, memoryBytes: 1 * GB }).workers).toBe(2);
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 8, memoryBytes: 2 * MEMORY_PER_WORKER_BYTES - 1 }).workers).toBe(1);
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 1, memoryBytes: 24 * GB }).workers).toBe(1);
  });

  it('stops at POSTGRES_AUTO_MAX on PostgreSQL, whose workers share one pool', () => {
    expect(chooseWorkers(undefined, 'production', 'postgres', { cores: 16, memoryBytes: 64 * GB }).workers).toBe(POSTGRES_AUTO_MAX);
    expect(chooseWorkers('auto', 'test', 'postgres', { cores: 3, memoryBytes: 64 * GB }).workers).toBe(2);
    expect(workerPoolSize(1)).toBe(10);
    expect(workerPoolSize(2)).toBe(5);
    expect(workerPoolSize(4)).toBe(3);
    expect(workerPoolSize(16)).toBe(2);
  });

  it('is 1 in development and test; an explicit number is kept as it is', () => {
    expect(chooseWorkers(undefined, 'development', 'sqlite', { cores: 8, memoryBytes: 24 * GB }).workers).toBe(1);
    expect(chooseWorkers(undefined, 'test', 'sqlite', { cores: 8, memoryBytes: 24 * GB }).workers).toBe(1);
    expect(chooseWorkers('3', 'production', 'sqlite', { cores: 1, memoryBytes: 1 * GB }).workers).toBe(3);
  });

  it('says what decided it, for the start to print', () => {
    expect(chooseWorkers(undefined, 'production', 'sqlite', { cores: 2, memoryBytes: 24 * GB }).reason).toBe(
      'WORKERS=auto (the production default): 1 (2 cores, one left to the rest of the machine, 24.0 GB memory allows 48)',
    );
    expect(chooseWorkers(undefined, 'test', 'sqlite', { cores: 2, memoryBytes: 24 * GB }).reason).toBe('WORKERS unset (NODE_ENV=test): 1 process');
    expect(chooseWorkers('2', 'production', 'sqlite').reason).toBe('WORKERS=2');
  });

  it('reaches the config: production without WORKERS chooses by the machine, test picks 1', () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.WORKERS).toBeGreaterThanOrEqual(1);
    expect(production.workersReason).toMatch(/^WORKERS=auto \(the production default\): \d+ \(\d+ cores/);
    expect(loadConfig({ NODE_ENV: 'test' }).WORKERS).toBe(1);
    expect(loadConfig({ NODE_ENV: 'production', WORKERS: '1' }).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: 'many' })).toThrow(/WORKERS: must be auto or a whole number/);
  });
});
