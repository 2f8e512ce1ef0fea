// npm start: builds the web app and the server bundle only when their sources changed since the last build, then
// runs the built server. A restart with nothing changed skips the 5–7 s build (docs/decisions/0008-build-once.md).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = path.join(root, 'dist', '.build-stamp');
const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html'];

/** What the build reads: the sources it bundles (tests excluded) and the files that configure it. */
const SOURCE_DIRS = ['server', 'web', 'common'];
const SOURCE_FILES = ['package-lock.json', 'vite.config.ts', 'tsconfig.json', 'scripts/build-server.mjs'];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!isTest(entry.name)) yield full;
  }
}

/** A fingerprint of every input's path, size and modification time: about 10 ms for this tree. */
function sourceFingerprint() {
  const hash = createHash('sha256');
  const files = [...SOURCE_DIRS.flatMap((dir) => [...walk(path.join(root, dir))]), ...SOURCE_FILES.map((file) => path.join(root, file))];
  for (const file of files.sort()) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    hash.update(`${path.relative(root, file)}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
  }
  return hash.digest('hex');
}

const fingerprint = sourceFingerprint();
const built = OUTPUTS.every((file) => fs.existsSync(path.join(root, file)));
const upToDate = built && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === fingerprint;

if (!upToDate) {
  const canBuild = fs.existsSync(path.join(root, 'node_modules', 'vite')) && fs.existsSync(path.join(root, 'node_modules', 'esbuild'));
  if (!canBuild) {
    if (built) {
      // A production install (npm ci --omit=dev) of a tree built before: run what is there.
      console.warn('The sources changed since dist/ was built, but the build tools (dev dependencies) are not installed: starting the existing build.');
    } else {
      console.error(
        'There is no build in dist/ and no build tools to make one. Run `npm ci && npm run build` once (dev dependencies are needed to build),\n' +
          'then `npm prune --omit=dev` if you want a lean install, and `npm start` again.',
      );
      process.exit(1);
    }
  } else {
    console.log(built ? 'Sources changed since the last build: building…' : 'First start: building the web app and the server…');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    fs.writeFileSync(STAMP, fingerprint);
  }
}

// The server runs in this process (node:cluster workers re-run this file, find the build current, and land here too).
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
