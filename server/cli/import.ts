// npm run import: see server/cli/import-command.ts (docs/migrating.md).
import { loadConfig } from '../config.js';
import { parseImportArgs, runImportCommand } from './import-command.js';
import { openToolContext } from './tool-context.js';

async function main(): Promise<void> {
  const command = parseImportArgs(process.argv.slice(2));
  const { ctx, close } = await openToolContext(loadConfig());
  try {
    process.exitCode = await runImportCommand(ctx, command);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
