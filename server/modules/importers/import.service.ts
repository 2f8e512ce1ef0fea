// Imports another licensing system's export (docs/migrating.md): a dry run says row by row what would happen;
// the import does it, in batches, each batch in one unit of work that emits `license.created` for each licence
// as a sale does (server/kernel/events.ts). Keys are kept as they are (stored in the canonical upper case every
// key is looked up in, so the key a site sends validates in any case); a key already here is skipped, so running
// an import twice adds nothing. An EDD import records each mapped plugin's EDD item name.
import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../../db/database.js';
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import { maskLicenseKey } from '../../../common/license-key.js';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { canonicalKey, isLocalSite, normalizeSiteUrl } from '../licenses/index.js';
import { findExistingKeys, insertImportedLicenses, refreshImportStatistics, type ImportedLicense } from '../licenses/index.js';
import type { SeatRules } from '../licenses/index.js';
import { findPluginBySlug, updatePluginBySlug } from '../plugins/index.js';
import { CsvSyntaxError, readCsvRecords, type CsvReader } from './csv-reader.js';
import { FORMATS, type ImportFormat, type ImportRecord } from './import-formats.js';

/** Longest key both APIs accept (common/licenses.ts machine key). */
export const MAX_IMPORTED_KEY_LENGTH = 64;
export const DEFAULT_BATCH_SIZE = 2000;
/**
 * An import gives the event loop a turn at least this often (issue 37): parsing a file read from memory and the
 * SQLite driver's queries resolve without ever waiting for I/O, so a 600,000-row dry run once held every other
 * request (health answered in 679 ms). A turn every 20 ms keeps the shop answering while an import runs.
 */
export const YIELD_EVERY_MS = 20;

export interface ImportOptions {
  format: ImportFormat;
  /** Source product (name or id, as the file has it) → our plugin's slug. */
  mapping: Record<string, string>;
  /** false: a dry run, nothing is written. */
  apply: boolean;
  /** What a malformed row does: reported and skipped, or stops the import (batches already written stay). */
  onError: 'continue' | 'stop';
  rules: SeatRules;
  batchSize?: number;
  /** Each row's outcome, in file order, as it is decided (the CLI prints them; the admin page keeps them). */
  onRow?: (row: ImportRowReport) => void;
  reader?: CsvReader;
}

export interface ImportRowReport {
  line: number;
  action: 'create' | 'skip' | 'error';
  /** The key masked: reports are shown and logged. */
  key: string;
  plugin: string | null;
  reason: string;
}

export interface ImportSummary {
  format: ImportFormat | 'self';
  dryRun: boolean;
  rows: number;
  created: number;
  skipped: number;
  errors: number;
  /** True when a malformed row stopped the import (onError: stop). */
  stopped: boolean;
}

interface PendingRow {
  line: number;
  license: ImportedLicense;
  note: string;
}

const validKey = (key: string): string | null => {
  if (key.length > MAX_IMPORTED_KEY_LENGTH) return `the key is ${key.length} characters long: at most ${MAX_IMPORTED_KEY_LENGTH} are accepted`;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(key)) return 'the key contains spaces or control characters';
  return null;
};

function toLicense(record: ImportRecord, pluginSlug: string, rules: SeatRules, now: string): { license: ImportedLicense; note: string } | { error: string } {
  const keyProblem = validKey(record.key);
  if (keyProblem) return { error: keyProblem };
  const sites: ImportedLicense['sites'] = [];
  const createdAt = record.createdAt ?? now;
  for (const given of record.sites) {
    const site = normalizeSiteUrl(given);
    if (!site) return { error: `activated site "${given.slice(0, 80)}" is not a site address` };
    if (sites.some((known) => known.site_url === site)) continue;
    sites.push({ site_url: site, is_local: rules.localSitesExempt && isLocalSite(site, undefined, rules), created_at: createdAt });
  }
  const unlimited = record.maxActivations === null;
  const license: ImportedLicense = {
    key: canonicalKey(record.key),
    key_spelling: canonicalKey(record.key) === record.key ? null : record.key,
    plugin_slug: pluginSlug,
    plan: record.expiresAt ? 'pro_yearly' : 'lifetime',
    status: record.status,
    // The source's unlimited stays unlimited: the limit an unlimited tier's licence has (common/licenses.ts).
    max_activations: record.maxActivations ?? UNLIMITED_ACTIVATIONS,
    expires_at: record.expiresAt,
    customer_email: record.email,
    created_at: createdAt,
    updated_at: now,
    sites,
  };
  const notes = [
    `${record.status}, ${record.expiresAt ? `expires ${record.expiresAt}` : 'never expires'}`,
    unlimited ? 'unlimited sites' : `${license.max_activations} sites`,
    `${sites.length} activated`,
  ];
  return { license, note: notes.join('; ') };
}

/** Reads the whole file; writes only with `apply`. Throws AppError BAD_REQUEST for a file of another format. */
export async function runImport(ctx: UnitContext, input: Readable, options: ImportOptions): Promise<ImportSummary> {
  const { db } = ctx;
  const format = FORMATS[options.format];
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  for (const [product, slug] of Object.entries(options.mapping)) {
    if (!(await findPluginBySlug(db, slug))) throw new AppError('BAD_REQUEST', `Product "${product}" is mapped to "${slug}", which is not a plugin here`);
  }
  const summary: ImportSummary = { format: options.format, dryRun: !options.apply, rows: 0, created: 0, skipped: 0, errors: 0, stopped: false };
  const report = (row: ImportRowReport) => {
    summary[row.action === 'create' ? 'created' : row.action === 'skip' ? 'skipped' : 'errors'] += 1;
    options.onRow?.(row);
  };
  /** Each key written so far, as the file spells it, by its canonical form, with its line. */
  // Its line alone when the file spells it canonically (most keys): a million keys are held to the end.
  const seen = new Map<string, number | { line: number; key: string }>();
  let pending: PendingRow[] = [];
  // The planner's statistics refreshed after the first batch written, then each time the count written doubles.
  let analyzeAt = 1;

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const keys = batch.map((row) => row.license.key);
    let existing: Set<string>;
    if (options.apply) {
      // Read inside the transaction that writes: another import may have written some of these keys meanwhile.
      existing = await unitOfWork(ctx, async (unit) => {
        const found = await findExistingKeys(unit.trx, keys);
        const fresh = batch.filter((row) => !found.has(row.license.key));
        if (fresh.length > 0) {
          await insertImportedLicenses(
            unit,
            fresh.map((row) => row.license),
          );
          await recordActivity(unit.trx, 'licenses_imported', { format: options.format, count: fresh.length });
        }
        return found;
      });
    } else existing = await findExistingKeys(db, keys);
    const written = summary.created + batch.length - existing.size;
    if (options.apply && written >= analyzeAt) {
      await refreshImportStatistics(db);
      analyzeAt = 2 * written;
    }
    for (const row of batch) {
      const skip = existing.has(row.license.key);
      report({
        line: row.line,
        action: skip ? 'skip' : 'create',
        key: maskLicenseKey(row.license.key),
        plugin: row.license.plugin_slug,
        reason: skip ? 'a licence with this key is here already' : row.note,
      });
    }
  };

  let header: string[] | null = null;
  const now = nowIso();
  let turnTakenAt = performance.now();
  try {
    for await (const { line, fields } of (options.reader ?? readCsvRecords)(input, format)) {
      if (performance.now() - turnTakenAt >= YIELD_EVERY_MS) {
        await nextTurn();
        turnTakenAt = performance.now();
      }
      if (!header) {
        header = fields.map((name) => name.trim());
        const missing = format.required.filter((column) => !header!.includes(column));
        if (missing.length > 0) {
          throw new AppError(
            'BAD_REQUEST',
            `This file is not in the ${format.label} format: expected the columns ${format.required.join(', ')}; missing ${missing.join(', ')}`,
          );
        }
        continue;
      }
      if (fields.length === 1 && fields[0] === '') continue; // a blank line
      summary.rows += 1;
      const row = Object.fromEntries(header.map((name, index) => [name, fields[index] ?? '']));
      const parsed = fields.length > header.length ? { error: `${fields.length} fields where the header has ${header.length}` } : format.toRecord(row);
      let outcome: { license: ImportedLicense; note: string } | { error: string };
      if ('error' in parsed) outcome = parsed;
      else {
        const slug = options.mapping[parsed.record.product];
        outcome = slug
          ? toLicense(parsed.record, slug, options.rules, now)
          : { error: `product "${parsed.record.product.slice(0, 80)}" is not mapped to one of our plugins` };
      }
      if ('error' in outcome) {
        await flush();
        report({ line, action: 'error', key: '', plugin: null, reason: outcome.error });
        if (options.onError === 'stop') {
          summary.stopped = true;
          return summary;
        }
        continue;
      }
      const known = seen.get(outcome.license.key);
      if (known !== undefined) {
        const earlier = typeof known === 'number' ? { line: known, key: outcome.license.key } : known;
        await flush();
        const sameSpelling = earlier.key === (parsed as { record: ImportRecord }).record.key;
        report({
          line,
          action: sameSpelling ? 'skip' : 'error',
          key: maskLicenseKey(outcome.license.key),
          plugin: outcome.license.plugin_slug,
          reason: sameSpelling
            ? `the same key is on line ${earlier.line}`
            : `the key differs only in case from the key on line ${earlier.line}: keys are compared case-insensitively here, so only that one is imported`,
        });
        if (!sameSpelling && options.onError === 'stop') {
          summary.stopped = true;
          return summary;
        }
        continue;
      }
      const spelling = outcome.license.key_spelling;
      seen.set(outcome.license.key, spelling === null ? line : { line, key: spelling });
      pending.push({ line, ...outcome });
      if (pending.length >= batchSize) await flush();
    }
    await flush();
    if (options.apply && options.format === 'edd') await recordEddItemNames(db, options.mapping);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('BAD_REQUEST', `The file is not readable CSV at ${error.message}`);
    throw error;
  }
  if (!header) throw new AppError('BAD_REQUEST', `The file is empty: expected the ${format.label} format with the columns ${format.required.join(', ')}`);
  return summary;
}

/**
 * The EDD item name of each plugin an EDD import mapped a product to (docs/migrating.md, step 1), so sites naming
 * the item by `item_name` find it; a plugin that has one already keeps it. The first product mapped to a plugin wins.
 */
async function recordEddItemNames(db: Database, mapping: Record<string, string>): Promise<void> {
  const recorded = new Set<string>();
  for (const [product, slug] of Object.entries(mapping)) {
    if (recorded.has(slug) || !product.trim()) continue;
    recorded.add(slug);
    const plugin = await findPluginBySlug(db, slug);
    if (plugin && !plugin.edd_item_name) await updatePluginBySlug(db, slug, { edd_item_name: product.trim() });
  }
}
