import { useState } from 'react';
import { Download } from 'lucide-react';
import { IMPORT_SOURCE_LABELS, IMPORT_SOURCES, type ImportInspection, type ImportResult, type ImportSource } from '@common/imports';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { HeadedTable } from '@/components/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAdminPlugins } from '@/lib/admin-plugins';
import { errorMessage } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/use-toast';
import { downloadShopExport } from '../api/download-export';
import { useInspectImport } from '../api/inspect-import';
import { useRunImport } from '../api/run-import';
import { ImportProgressView } from '../components/import-progress';

const actionVariant = { create: 'success', skip: 'secondary', error: 'destructive' } as const;
const selectClass = 'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs';

function ResultView({ result }: { result: ImportResult }) {
  const { summary } = result;
  const title = summary.dryRun ? 'Dry run: nothing was written' : 'Imported';
  return (
    <div className="space-y-3" data-testid="import-result">
      <Alert variant={summary.errors > 0 ? 'destructive' : 'default'}>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription data-testid="import-summary">
          {summary.rows} rows: {summary.created} {summary.dryRun ? 'to create' : 'created'}, {summary.skipped} skipped, {summary.errors} with errors
          {summary.stopped ? '; stopped at the first bad row' : ''}.
        </AlertDescription>
      </Alert>
      {result.rows_truncated && (
        <p className="text-sm text-muted-foreground">
          The first {result.rows.length} rows are listed, rows with errors first; the counts above cover every row.
        </p>
      )}
      <HeadedTable headings={['Line', 'Action', 'Key', 'Plugin', 'Reason']}>
        {result.rows.map((row, index) => (
          <TableRow key={`${row.line}-${index}`} data-testid="import-row">
            <TableCell className="tabular-nums">{row.line}</TableCell>
            <TableCell>
              <Badge variant={actionVariant[row.action]}>{row.action}</Badge>
            </TableCell>
            <TableCell className="font-mono text-xs">{row.key || '—'}</TableCell>
            <TableCell className="font-mono text-xs">{row.plugin ?? '—'}</TableCell>
            <TableCell className="max-w-md text-sm">{row.reason}</TableCell>
          </TableRow>
        ))}
      </HeadedTable>
    </div>
  );
}

/**
 * Import (issue 28, docs/migrating.md): a licence export of another system, or this server's own export, is read,
 * its source products mapped to plugins here, tried in a dry run row by row, then imported. And the shop's export.
 */
export function ImportPage() {
  usePageMeta('Import');
  const plugins = useAdminPlugins();
  const inspectImport = useInspectImport();
  const runImport = useRunImport();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportSource | 'auto'>('auto');
  const [inspection, setInspection] = useState<ImportInspection | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [onError, setOnError] = useState<'continue' | 'stop'>('continue');
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The dry run the Import button follows: the same file, format, mapping and choice. */
  const [dryRunOf, setDryRunOf] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The run in progress, named so its progress can be asked for. */
  const [running, setRunning] = useState<{ id: string; apply: boolean } | null>(null);

  const settingsKey = JSON.stringify({ name: file?.name, size: file?.size, format: inspection?.format, mapping, onError });
  const reset = () => {
    setInspection(null);
    setResult(null);
    setDryRunOf(null);
    setProblem(null);
    setMapping({});
  };

  const read = async () => {
    if (!file) return;
    reset();
    try {
      setInspection(await inspectImport.mutateAsync({ file, format }));
    } catch (error) {
      setProblem(errorMessage(error, 'The file could not be read.'));
    }
  };

  const run = async (apply: boolean) => {
    if (!file || !inspection) return;
    setProblem(null);
    const importId = crypto.randomUUID();
    setRunning({ id: importId, apply });
    try {
      const answer = await runImport.mutateAsync({ file, format: inspection.format, mapping, onError, apply, importId });
      setResult(answer);
      if (apply) {
        setDryRunOf(null);
        toast({
          title: 'Import finished',
          description: `${answer.summary.created} created, ${answer.summary.skipped} skipped, ${answer.summary.errors} with errors.`,
        });
      } else setDryRunOf(settingsKey);
    } catch (error) {
      setResult(null);
      setProblem(errorMessage(error, apply ? 'The import failed.' : 'The dry run failed.'));
    } finally {
      setRunning(null);
    }
  };

  const unmapped = inspection ? inspection.products.filter((product) => !mapping[product.product]).length : 0;
  const busy = inspectImport.isPending || runImport.isPending;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Import</h1>
      <Card>
        <CardHeader>
          <CardTitle>Import licences</CardTitle>
          <CardDescription>
            From an Easy Digital Downloads, License Manager for WooCommerce, Lemon Squeezy or Freemius export, or this server's export. Keys are kept as they
            are; a key already here is skipped, so importing twice adds nothing.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="import-file">File</Label>
              <input
                id="import-file"
                type="file"
                accept=".csv,.json,text/csv,application/json"
                className="block w-full text-sm"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  reset();
                }}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="import-format">Format</Label>
              <select
                id="import-format"
                className={selectClass}
                value={format}
                onChange={(event) => {
                  setFormat(event.target.value as ImportSource | 'auto');
                  reset();
                }}
              >
                <option value="auto">Detect from the file</option>
                {IMPORT_SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {IMPORT_SOURCE_LABELS[source]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Button onClick={() => void read()} disabled={!file || busy}>
            Read the file
          </Button>

          {problem && (
            <Alert variant="destructive" data-testid="import-problem">
              <AlertTitle>Not imported</AlertTitle>
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}

          {inspection && (
            <div className="space-y-4" data-testid="import-inspection">
              <p className="text-sm">
                <strong>{inspection.label}</strong>: {inspection.rows} rows.
              </p>
              {inspection.products.length > 0 && (
                <div className="space-y-2">
                  <h2 className="text-base font-medium">Map each product to one of your plugins</h2>
                  {inspection.products_truncated && (
                    <p className="text-sm text-muted-foreground">More products than listed: use the command line for this file.</p>
                  )}
                  <HeadedTable headings={['Product in the file', 'Rows', 'Plugin here']}>
                    {inspection.products.map(({ product, rows }) => (
                      <TableRow key={product}>
                        <TableCell className="font-mono text-sm">{product || '(empty)'}</TableCell>
                        <TableCell className="tabular-nums">{rows}</TableCell>
                        <TableCell>
                          <select
                            aria-label={`Plugin for ${product || 'the empty product'}`}
                            className={selectClass}
                            value={mapping[product] ?? ''}
                            onChange={(event) => setMapping((current) => ({ ...current, [product]: event.target.value }))}
                          >
                            <option value="">Not mapped (its rows are errors)</option>
                            {(plugins.data ?? []).map((plugin) => (
                              <option key={plugin.slug} value={plugin.slug}>
                                {plugin.name} ({plugin.slug})
                              </option>
                            ))}
                          </select>
                        </TableCell>
                      </TableRow>
                    ))}
                  </HeadedTable>
                </div>
              )}
              {inspection.format !== 'self' && (
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">A bad row</legend>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="radio" name="on-error" checked={onError === 'continue'} onChange={() => setOnError('continue')} />
                    Skip bad rows (each is reported on its line)
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="radio" name="on-error" checked={onError === 'stop'} onChange={() => setOnError('stop')} />
                    Stop at the first bad row
                  </label>
                </fieldset>
              )}
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="outline" onClick={() => void run(false)} disabled={busy}>
                  Dry run
                </Button>
                <Button onClick={() => void run(true)} disabled={busy || dryRunOf !== settingsKey}>
                  Import
                </Button>
                <span className="text-sm text-muted-foreground">
                  {dryRunOf === settingsKey ? 'Dry run done: importing writes what it shows.' : 'Do a dry run first.'}
                  {unmapped > 0 ? ` ${unmapped} product${unmapped === 1 ? ' is' : 's are'} not mapped.` : ''}
                </span>
              </div>
            </div>
          )}

          {running && <ImportProgressView id={running.id} apply={running.apply} />}
          {result && <ResultView result={result} />}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Export this shop</CardTitle>
          <CardDescription>
            Plugins, price tiers, customers, licences with their sites, orders and release details as one JSON file, which another copy of this server imports
            into an empty shop (format "This server's export"). Release files are not in it: copy the release storage alongside.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="outline"
            onClick={() =>
              downloadShopExport().catch((error: unknown) =>
                toast({ title: 'Export failed', description: errorMessage(error, 'Try again.'), variant: 'destructive' }),
              )
            }
          >
            <Download className="size-4" />
            Download the export
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
