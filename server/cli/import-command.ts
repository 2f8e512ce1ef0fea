// npm run import -- --from <format> <file> [--map "Source product=plugin-slug"]… [--apply] [--stop-on-error]
// Without --apply a dry run: every row with its line, what would happen and why; nothing is written
// (docs/migrating.md). Formats: edd, lmfwc, lemonsqueezy, freemius, and self (this server's own JSON export,
// GET /api/admin/export, imported into an empty shop; no --map needed).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { AppContext } from '../kernel/context.js';
import { createProgress, type ProgressOutput } from './progress.js';
import { IMPORT_FORMATS, importShopExport, runImport, type ImportFormat } from '../modules/importers/index.js';
import { seatRules } from '../modules/licenses/index.js';

const USAGE = `Usage: npm run import -- --from <${[...IMPORT_FORMATS, 'self'].join('|')}> <file> --map "Source product=plugin-slug" [--map …] [--apply] [--stop-on-error]`;

export interface ImportCommand {
  format: ImportFormat | 'self';
  file: string;
  mapping: Record<string, string>;
  apply: boolean;
  stopOnError: boolean;
}

/** The command line's arguments, or an Error with the usage. */
export function parseImportArgs(args: string[]): ImportCommand {
  const { values, positionals } = parseArgs({
    args,
    options: {
      from: { type: 'string' },
      map: { type: 'string', multiple: true },
      apply: { type: 'boolean', default: false },
      'stop-on-error': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const format = values.from as ImportFormat | 'self' | undefined;
  const file = positionals[0];
  if (!format || !([...IMPORT_FORMATS, 'self'] as readonly string[]).includes(format) || !file) throw new Error(USAGE);
  const mapping: Record<string, string> = {};
  for (const pair of values.map ?? []) {
    const at = pair.lastIndexOf('=');
    if (at <= 0) throw new Error(`--map "${pair}" is not "Source product=plugin-slug"\n${USAGE}`);
    mapping[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return { format, file, mapping, apply: values.apply === true, stopOnError: values['stop-on-error'] === true };
}

/**
 * Runs the import in the tool's context (server/cli/tool-context.ts), printing each row and the summary, with a
 * progress bar on `progressTo` (server/cli/progress.ts); answers the exit code.
 */
export async function runImportCommand(
  ctx: AppContext,
  command: ImportCommand,
  print: (line: string) => void = console.log,
  progressTo: ProgressOutput = process.stderr,
): Promise<number> {
  const { format, file, apply } = command;
  const input = fs.createReadStream(file);
  const progress = createProgress(progressTo, format === 'self' ? 0 : fs.statSync(file).size);
  let rows = 0;
  const onRow = (row: { line: number; action: string; key: string; plugin: string | null; reason: string }) => {
    rows += 1;
    progress.print(`line ${row.line}: ${row.action}${row.key ? ` ${row.key}` : ''}${row.plugin ? ` → ${row.plugin}` : ''}: ${row.reason}`, print);
    progress.update(input.bytesRead, rows);
  };
  const summary =
    format === 'self'
      ? await importShopExport(ctx, file, { apply, onRow })
      : await runImport(ctx, input, {
          format,
          mapping: command.mapping,
          apply,
          onError: command.stopOnError ? 'stop' : 'continue',
          rules: seatRules(ctx),
          onRow,
        });
  if (format === 'self') input.destroy();
  progress.finish(rows);
  print(
    `${summary.dryRun ? 'Dry run (nothing written; add --apply to import)' : 'Imported'}: ${summary.rows} rows, ${summary.created} ${summary.dryRun ? 'to create' : 'created'}, ${summary.skipped} skipped, ${summary.errors} with errors${summary.stopped ? '; stopped at the first error' : ''}.`,
  );
  return summary.errors > 0 ? 2 : 0;
}
