// npm start: builds the web app and the server bundle only when their sources changed since the last build, then
// runs the built server. A restart with nothing changed skips the 5–7 s build (docs/decisions/0008-build-once.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import cluster from 'node:cluster';
import { build, hasBuild, isBuildCurrent, root } from './build.mjs';

const built = hasBuild();
// A node:cluster worker runs this file too, after its primary found the build current (or built it): no second look.
const upToDate = cluster.isWorker || isBuildCurrent();

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
    // The same production build as `npm run build` (scripts/build.mjs), which writes the stamp.
    if (!build()) process.exit(1);
  }
}

// The server runs in this process (node:cluster workers re-run this file, find the build current, and land here too).
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
