// The admin's Import page (docs/migrating.md): inspect an uploaded file (its format and the source products to
// map), then a dry run and the import of the same file; and this server's own export. An upload is spooled to a
// temporary file first, within the Settings' upload limit (max_file_size_mb), so a file that is too large is
// refused before anything is read or written; the import then streams it from there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { App, AppContext } from '../../kernel/context.js';
import { withUploads } from '../../http/uploads.js';
import { AppError, describeZodIssues } from '../../lib/errors.js';
import { assertNoNul } from '../../lib/nul-bytes.js';
import { nowIso } from '../../lib/time.js';
import {
  IMPORT_ROWS_SHOWN,
  IMPORT_SOURCE_LABELS,
  importFieldsSchema,
  importInspectionSchema,
  importProgressSchema,
  importResultSchema,
  type ImportInspection,
  type ImportRow,
  type ImportSource,
} from '../../../common/imports.js';
import { readCsvRecords, CsvSyntaxError } from './csv-reader.js';
import { detectFormat, FORMATS, type ImportFormat, unslash } from './import-formats.js';
import { runImport, type ImportSummary } from './import.service.js';
import { importShopExport, writeShopExport } from './shop-export.js';
import { seatRules } from '../licenses/index.js';
import { importProgress, trackImport } from './import-progress.js';

/** Distinct source products listed for mapping on the page. */
const MAX_PRODUCTS = 500;

interface Upload {
  fields: Record<string, string | undefined>;
  file: string;
  dir: string;
}

const fieldValues = (fields: MultipartFile['fields']): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(fields).map(([name, entry]) => {
      const first = Array.isArray(entry) ? entry[0] : entry;
      return [name, first && first.type === 'field' ? String(first.value) : undefined];
    }),
  );

/** Receives the multipart upload into a temporary file, refusing one above the limit before reading it when its size is declared. */
async function receiveUpload(ctx: AppContext, request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data: the fields format, mapping, on_error and apply first, then the file in "file"',
    );
  }
  const maxMb = ctx.settings.get('max_file_size_mb');
  const maxBytes = maxMb * 1024 * 1024;
  const tooLarge = (size?: number) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `${size ? `This upload is ${Math.ceil(size / 1024 / 1024)} MB: ` : 'This file is too large: '}an import file may be at most ${maxMb} MB (Settings → Max file size). Split the export, or use the command line: npm run import -- --from <format> <file>`,
    );
  const declared = Number(request.headers['content-length']);
  // The multipart envelope adds a little to the file; a declared size well above the limit is refused unread.
  if (Number.isFinite(declared) && declared > maxBytes + 1024 * 1024) throw tooLarge(declared);
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw new AppError('BAD_REQUEST', 'Attach the export file in the field "file" (after the fields format, mapping, on_error and apply)');
  const fields = fieldValues(part.fields);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pls-import-'));
  const file = path.join(dir, 'upload');
  try {
    if (part.fieldname !== 'file')
      throw new AppError('BAD_REQUEST', 'Attach the export file in the field "file" (after the fields format, mapping, on_error and apply)');
    assertNoNul(fields, 'body');
    await pipeline(part.file, fs.createWriteStream(file));
    if (part.file.truncated) throw tooLarge();
  } catch (error) {
    part.file.resume();
    await fs.promises.rm(dir, { recursive: true, force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return { fields, file, dir };
}

/** The first non-blank character of the file: `{` is this server's JSON export. */
async function looksLikeJson(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trimStart()
      .startsWith('{');
  } finally {
    await handle.close();
  }
}

/** The chosen format, or the one the file's header (or its JSON) shows; a CSV whose header fits none is refused. */
async function resolveFormat(file: string, chosen: ImportSource | 'auto'): Promise<ImportSource> {
  if (chosen !== 'auto') return chosen;
  if (await looksLikeJson(file)) return 'self';
  try {
    for await (const { fields } of readCsvRecords(fs.createReadStream(file))) {
      const found = detectFormat(fields);
      if (found) return found;
      break;
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
  }
  throw new AppError(
    'BAD_REQUEST',
    `The format of this file was not recognised. Expected this server's JSON export, or a CSV whose first line has the columns of one of: ${(
      Object.keys(FORMATS) as ImportFormat[]
    )
      .map((format) => `${FORMATS[format].label} (${FORMATS[format].required.join(', ')})`)
      .join('; ')}`,
  );
}

async function inspect(ctx: AppContext, upload: Upload, format: ImportSource): Promise<ImportInspection> {
  if (format === 'self') {
    const summary = await importShopExport(ctx, upload.file, { apply: false });
    return { format, label: IMPORT_SOURCE_LABELS.self, rows: summary.rows, products: [], products_truncated: false };
  }
  const definition = FORMATS[format];
  const products = new Map<string, number>();
  let header: string[] | null = null;
  let rows = 0;
  let truncated = false;
  try {
    for await (const { fields } of readCsvRecords(fs.createReadStream(upload.file), definition)) {
      if (!header) {
        header = fields.map((name) => name.trim());
        const missing = definition.required.filter((column) => !header!.includes(column));
        if (missing.length > 0) {
          throw new AppError(
            'BAD_REQUEST',
            `This file is not in the ${definition.label} format: expected the columns ${definition.required.join(', ')}; missing ${missing.join(', ')}`,
          );
        }
        continue;
      }
      rows += 1;
      const raw = fields[header.indexOf(definition.productColumn)] ?? '';
      const product = (definition.backslashEscapes ? unslash(raw) : raw).trim();
      if (products.has(product)) products.set(product, products.get(product)! + 1);
      else if (products.size < MAX_PRODUCTS) products.set(product, 1);
      else truncated = true;
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('BAD_REQUEST', `The file is not readable CSV at ${error.message}`);
    throw error;
  }
  if (!header)
    throw new AppError('BAD_REQUEST', `The file is empty: expected the ${definition.label} format with the columns ${definition.required.join(', ')}`);
  return {
    format,
    label: definition.label,
    rows,
    products: [...products].map(([product, count]) => ({ product, rows: count })).sort((a, b) => a.product.localeCompare(b.product)),
    products_truncated: truncated,
  };
}

export async function registerImportRoutes(app: App, ctx: AppContext): Promise<void> {
  // Streamed as it is read, a page at a time (bounded memory): a big shop's first bytes leave at once, not after
  // minutes of writing a file while the connection's idle timeout runs out. A failure part way ends the download
  // short, which the importer refuses as not JSON (shop-export-format.ts).
  app.get('/api/admin/export', { config: { permission: 'settings:write' } }, async (request, reply) => {
    const body = new PassThrough();
    writeShopExport(ctx.db, body).catch((error: unknown) => {
      request.log.warn({ err: error }, 'shop export ended early');
      body.destroy();
    });
    return reply
      .header('content-disposition', `attachment; filename="shop-export-${nowIso().slice(0, 10)}.json"`)
      .type('application/json; charset=utf-8')
      .send(body);
  });

  app.get<{ Params: { id: string } }>(
    '/api/admin/imports/progress/:id',
    { config: { permission: 'settings:write' }, schema: { response: { 200: importProgressSchema } } },
    async (request) => {
      const progress = importProgress(request.params.id);
      if (!progress) throw new AppError('NOT_FOUND', 'No import by this id is running or has just ended (its file may still be uploading)');
      return progress;
    },
  );

  await withUploads(app, (scope) => {
    scope.post(
      '/api/admin/imports/inspect',
      { config: { permission: 'settings:write' }, schema: { response: { 200: importInspectionSchema } } },
      async (request) => {
        const upload = await receiveUpload(ctx, request);
        try {
          const chosen = importFieldsSchema.shape.format.safeParse(upload.fields.format ?? 'auto');
          if (!chosen.success) throw new AppError('BAD_REQUEST', `format: ${describeZodIssues(chosen.error.issues)}`);
          return await inspect(ctx, upload, await resolveFormat(upload.file, chosen.data));
        } finally {
          await fs.promises.rm(upload.dir, { recursive: true, force: true });
        }
      },
    );

    scope.post('/api/admin/imports', { config: { permission: 'settings:write' }, schema: { response: { 200: importResultSchema } } }, async (request) => {
      const upload = await receiveUpload(ctx, request);
      try {
        const parsed = importFieldsSchema.safeParse(upload.fields);
        if (!parsed.success) throw new AppError('BAD_REQUEST', describeZodIssues(parsed.error.issues));
        const { mapping, on_error: onError } = parsed.data;
        const apply = parsed.data.apply === 'true';
        const format = await resolveFormat(upload.file, parsed.data.format);
        const input = fs.createReadStream(upload.file);
        const tracked = trackImport(parsed.data.import_id, (await fs.promises.stat(upload.file)).size);
        let decided = 0;
        // Errors first, then the rest, up to the limit; the summary counts every row.
        const errors: ImportRow[] = [];
        const others: ImportRow[] = [];
        const onRow = (row: ImportRow) => {
          tracked.update(++decided, input.bytesRead);
          if (row.action === 'error' && errors.length < IMPORT_ROWS_SHOWN) errors.push(row);
          else if (row.action !== 'error' && others.length < IMPORT_ROWS_SHOWN) others.push(row);
        };
        let summary: ImportSummary;
        try {
          if (format === 'self') summary = await importShopExport(ctx, upload.file, { apply, onRow });
          else {
            summary = await runImport(ctx, input, {
              format,
              mapping,
              apply,
              onError,
              rules: seatRules(ctx),
              onRow,
            });
          }
        } finally {
          input.destroy();
          tracked.end();
        }
        const rows = [...errors, ...others].slice(0, IMPORT_ROWS_SHOWN).sort((a, b) => a.line - b.line);
        const listed = format === 'self' ? rows.length : summary.created + summary.skipped + summary.errors;
        return { summary, rows, rows_truncated: listed > rows.length };
      } finally {
        await fs.promises.rm(upload.dir, { recursive: true, force: true });
      }
    });
  });
}
