// npm run admin:password / npm run backup: runs a CLI from its TypeScript source with tsx when the dev dependencies
// are installed (always current), else its bundle in dist/server (a production install: npm prune --omit=dev).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const [name, ...args] = process.argv.slice(2);
const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;
const bundle = `${root}dist/server/${name}.js`;
const command = fs.existsSync(tsx) ? [tsx, `${root}server/cli/${name}.ts`] : fs.existsSync(bundle) ? [bundle] : null;
if (!command) {
  console.error(`No build of the ${name} command in dist/server and no dev dependencies to run its source: run \`npm ci && npm run build\` first.`);
  process.exit(1);
}
process.exit(spawnSync(process.execPath, [...command, ...args], { stdio: 'inherit' }).status ?? 1);
