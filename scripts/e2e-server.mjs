// Starts a throw-away server for the browser tests: builds the web app into a temp folder, then runs the
// server on a fresh SQLite database in another temp folder. Used by playwright.config.ts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// E2E_ROOT: the folder playwright.config.ts made for this run (the web build goes there, where a spec can find
// it). E2E_WEB_DIR: a spec's own server reuses that build instead of building again. E2E_NO_BASE_URL=true: no
// BASE_URL, as on a fresh install (e2e/shop-address.spec.ts).
const root = process.env.E2E_ROOT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pls-e2e-'));
fs.mkdirSync(root, { recursive: true });
const webOut = process.env.E2E_WEB_DIR ?? path.join(root, 'web');
if (!process.env.E2E_WEB_DIR) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, WEB_OUT_DIR: webOut } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Node itself runs the server (tsx as its loader, not through npx): a SIGTERM to this script then reaches it, where
// npx's wrapper left the server running after its spec stopped this script.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // One process whatever the shell says: the specs share in-process state (per-IP limits) and the CI has 2 cores.
    WORKERS: '1',
    PORT: process.env.E2E_PORT,
    HOST: '127.0.0.1',
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST_DIR: webOut,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // Every spec signs in from 127.0.0.1; the login limit itself is tested in server/modules/auth.
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    // E2E_BASE_URL: another public address (e2e/passkeys.spec.ts: WebAuthn needs a host name, not an IP).
    BASE_URL: process.env.E2E_NO_BASE_URL === 'true' ? '' : (process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT}`),
    // The checkout spec saves a Lemon Squeezy secret for one test, which would switch test payments off. E2E_PAYMENTS_TEST_MODE=''
    // leaves it unset (e2e/payment-setup.spec.ts goes live).
    PAYMENTS_TEST_MODE: process.env.E2E_PAYMENTS_TEST_MODE ?? 'true',
    // The webhooks spec's receiver listens on 127.0.0.1, which outgoing webhooks may not reach by default.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  },
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(root, { recursive: true, force: true });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  fs.rmSync(root, { recursive: true, force: true });
  process.exit(code ?? 0);
});
