// A server of a spec's own, beside the one playwright.config.ts starts: scripts/e2e-server.mjs on a port of its own
// and a fresh database, reusing the run's web build. For specs that need a shop in another state than the shared one
// (no shop address yet, no demo content).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/** A port for a spec's own server, chosen when the spec loads (its pages' addresses are known before it starts). */
export const ownServerPort = (): number => 40_000 + Math.floor(Math.random() * 20_000);

/**
 * Starts the server on `port` with `env` added to the e2e server's, and resolves once it answers its health check;
 * the function it resolves with stops it and removes its files.
 */
export async function startOwnServer(port: number, env: Record<string, string>): Promise<() => Promise<void>> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-e2e-own-'));
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('node', ['scripts/e2e-server.mjs'], {
    stdio: 'ignore',
    env: { ...process.env, E2E_PORT: String(port), E2E_ROOT: root, E2E_WEB_DIR: path.join(process.env.E2E_ROOT ?? '', 'web'), ...env },
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 100_000, intervals: [250, 500, 1000] })
    .toBe(200);
  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
}
