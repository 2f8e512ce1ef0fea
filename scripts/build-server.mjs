// Bundles the server's TypeScript into dist/server/main.js; packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', 'admin-password': 'server/cli/admin-password.ts', backup: 'server/cli/backup.ts', import: 'server/cli/import.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
