// npm run import -- --from <format> <file> [--map "Source product=plugin-slug"]… [--apply] [--stop-on-error]
// Without --apply a dry run: every row with its line, what would happen and why; nothing is written
// (docs/migrating.md). Formats: edd, lmfwc, lemonsqueezy, freemius, and self (this server's own JSON export,
// GET /api/admin/export, imported into an empty shop; no --map needed).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../startup.js';
import { SettingsService } from '../modules/settings/index.js';
import { IMPORT_FORMATS, importShopExport, runImport, type ImportFormat } from '../modules/importers/index.js';

const USAGE = `Usage: npm run import -- --from <${[...IMPORT_FORMATS, 'self'].join('|')}> <file> --map "Source product=plugin-slug" [--map …] [--apply] [--stop-on-error]`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
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
  const config = loadConfig();
  const db = await openDatabase({ ...config, SEED_DEMO: false });
  try {
    const settings = new SettingsService(db, config);
    await settings.load();
    const onRow = (row: { line: number; action: string; key: string; plugin: string | null; reason: string }) =>
      console.log(`line ${row.line}: ${row.action}${row.key ? ` ${row.key}` : ''}${row.plugin ? ` → ${row.plugin}` : ''}: ${row.reason}`);
    const summary =
      format === 'self'
        ? await importShopExport(db, file, { apply: values.apply === true, onRow })
        : await runImport(db, fs.createReadStream(file), {
            format,
            mapping,
            apply: values.apply === true,
            onError: values['stop-on-error'] ? 'stop' : 'continue',
            rules: {
              localSitesExempt: settings.get('local_sites_exempt'),
              stagingPatterns: settings.get('staging_site_patterns'),
              trustEnvironmentClaim: settings.get('trust_environment_claim'),
            },
            onRow,
          });
    console.log(
      `${summary.dryRun ? 'Dry run (nothing written; add --apply to import)' : 'Imported'}: ${summary.rows} rows, ${summary.created} ${summary.dryRun ? 'to create' : 'created'}, ${summary.skipped} skipped, ${summary.errors} with errors${summary.stopped ? '; stopped at the first error' : ''}.`,
    );
    if (summary.errors > 0) process.exitCode = 2;
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
