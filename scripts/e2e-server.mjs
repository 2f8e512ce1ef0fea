// Starts a throw-away server for the browser tests: builds the web app into a temp folder, then runs the
// server on a fresh SQLite database in another temp folder. Used by playwright.config.ts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-e2e-'));
const webOut = path.join(root, 'web');
const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, WEB_OUT_DIR: webOut } });
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn('npx', ['tsx', 'server/main.ts'], {
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
    BASE_URL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    // The checkout spec saves a Lemon Squeezy secret for one test, which would switch test payments off.
    PAYMENTS_TEST_MODE: 'true',
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
