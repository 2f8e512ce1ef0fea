// npm run build, and npm start when the sources changed (scripts/start.mjs): the web app (Vite) and the server
// bundle (scripts/build-server.mjs), always a production build whatever NODE_ENV the shell has, then the build
// stamp, so the next `npm start` finds the build current (docs/decisions/0008-build-once.md).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = (dir) => path.join(dir, 'dist', '.build-stamp');
const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html'];

/** What the build reads: the sources it bundles (tests excluded) and the files that configure it. */
const SOURCE_DIRS = ['server', 'web', 'common'];
const SOURCE_FILES = ['package-lock.json', 'vite.config.ts', 'tsconfig.json', 'scripts/build.mjs', 'scripts/build-server.mjs'];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!isTest(entry.name)) yield full;
  }
}

/** A fingerprint of every input's path, size and modification time: about 10 ms for this tree. */
export function sourceFingerprint(dir = root) {
  const hash = createHash('sha256');
  const files = [...SOURCE_DIRS.flatMap((sub) => [...walk(path.join(dir, sub))]), ...SOURCE_FILES.map((file) => path.join(dir, file))];
  for (const file of files.sort()) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    hash.update(`${path.relative(dir, file)}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
  }
  return hash.digest('hex');
}

/** Whether dist/ holds both outputs. */
export const hasBuild = (dir = root) => OUTPUTS.every((file) => fs.existsSync(path.join(dir, file)));

/** Whether dist/ holds a build of the sources as they are now: `npm start` then runs it without building. */
export function isBuildCurrent(dir = root) {
  const stamp = stampFile(dir);
  return hasBuild(dir) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === sourceFingerprint(dir);
}

/**
 * The build's commands. NODE_ENV is production for both whatever the caller's environment says: with
 * NODE_ENV=development Vite would build React's development bundle (jsx-dev-runtime, about 145 KB brotli),
 * and `npm start` would serve it. `--mode production` makes Vite's mode say the same.
 */
export function buildSteps(env = process.env) {
  const productionEnv = { ...env, NODE_ENV: 'production' };
  return [
    { command: process.execPath, args: [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--mode', 'production'], env: productionEnv },
    { command: process.execPath, args: [path.join(root, 'scripts', 'build-server.mjs')], env: productionEnv },
  ];
}

const runStep = ({ command, args, env }) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status === 0;

/** Builds, then writes the stamp of the sources as they were when the build started. False when a step failed. */
export function build({ run = runStep, dir = root, env = process.env } = {}) {
  const fingerprint = sourceFingerprint(dir);
  for (const step of buildSteps(env)) if (!run(step)) return false;
  fs.mkdirSync(path.dirname(stampFile(dir)), { recursive: true });
  fs.writeFileSync(stampFile(dir), fingerprint);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(build() ? 0 : 1);
}
