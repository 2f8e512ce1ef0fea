// The admin's Import page and this server's own export (docs/migrating.md): formats, the multipart fields of an
// import, and the answers.
import { z } from 'zod';

/** The CSV exports of other licensing systems the importer reads (server/modules/importers/import-formats.ts). */
export const CSV_IMPORT_FORMATS = ['edd', 'lmfwc', 'lemonsqueezy', 'freemius'] as const;
export type CsvImportFormat = (typeof CSV_IMPORT_FORMATS)[number];
/** Every format: the CSV ones and this server's own JSON export. */
export const IMPORT_SOURCES = [...CSV_IMPORT_FORMATS, 'self'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  edd: 'Easy Digital Downloads Software Licensing licence export',
  lmfwc: 'License Manager for WooCommerce CSV export',
  lemonsqueezy: 'Lemon Squeezy licence keys',
  freemius: 'Freemius licences',
  self: "This server's export",
};

/** The `format` field of an upload: one of the formats, or `auto` to detect it from the file's first line. */
export const importFormatFieldSchema = z.enum([...IMPORT_SOURCES, 'auto'], { error: `must be one of ${[...IMPORT_SOURCES, 'auto'].join(', ')}` });

/** The multipart fields sent before the file on POST /api/admin/imports. */
export const importFieldsSchema = z.object({
  format: importFormatFieldSchema,
  /** JSON object: source product (name or id, as the file has it) → our plugin's slug. */
  mapping: z
    .string()
    .max(100_000)
    .default('{}')
    .transform((text, ctx) => {
      try {
        const parsed = z.record(z.string().max(500), z.string().max(200)).safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of source product → plugin slug' });
      return z.NEVER;
    }),
  on_error: z.enum(['continue', 'stop'], { error: 'must be continue (skip bad rows) or stop (stop at the first bad row)' }).default('continue'),
  apply: z.enum(['true', 'false'], { error: 'must be true (import) or false (dry run)' }).default('false'),
  /** The page's name for this run, to ask its progress by (GET /api/admin/imports/progress/:id) while it runs. */
  import_id: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'must be 8 to 64 letters, digits or dashes' })
    .optional(),
});

/** GET /api/admin/imports/progress/:id: how far a running import (or dry run) has read its file. */
export const importProgressSchema = z.object({
  rows: z.number().int(),
  bytes_read: z.number().int(),
  total_bytes: z.number().int(),
  done: z.boolean(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

export const importRowSchema = z.object({
  line: z.number().int(),
  action: z.enum(['create', 'skip', 'error']),
  key: z.string(),
  plugin: z.string().nullable(),
  reason: z.string(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSummarySchema = z.object({
  format: z.enum(IMPORT_SOURCES),
  dryRun: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.number().int(),
  stopped: z.boolean(),
});
export type ImportSummaryAnswer = z.infer<typeof importSummarySchema>;

/** The rows of an answer: errors first, up to the limit; the summary counts them all. */
export const IMPORT_ROWS_SHOWN = 2000;

export const importResultSchema = z.object({
  summary: importSummarySchema,
  rows: z.array(importRowSchema),
  /** More rows were decided than the answer lists (the summary counts every one). */
  rows_truncated: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/admin/imports/inspect: the format found and the source products to map. */
export const importInspectionSchema = z.object({
  format: z.enum(IMPORT_SOURCES),
  label: z.string(),
  rows: z.number().int(),
  products: z.array(z.object({ product: z.string(), rows: z.number().int() })),
  /** More distinct products than listed (the mapping then needs the CLI). */
  products_truncated: z.boolean(),
});
export type ImportInspection = z.infer<typeof importInspectionSchema>;
