// npm run import: see server/cli/import-command.ts (docs/migrating.md).
import { loadConfig } from '../config.js';
import { parseImportArgs, runImportCommand } from './import-command.js';
import { bufferedLines } from './progress.js';
import { openToolContext } from './tool-context.js';

async function main(): Promise<void> {
  const command = parseImportArgs(process.argv.slice(2));
  const { ctx, close } = await openToolContext(loadConfig());
  // To a file or a pipe the report is written in chunks; on a terminal a line at a time, under the progress bar.
  const out = process.stdout.isTTY ? null : bufferedLines((text) => process.stdout.write(text));
  try {
    process.exitCode = await runImportCommand(ctx, command, out ? out.print : console.log);
  } finally {
    out?.flush();
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
