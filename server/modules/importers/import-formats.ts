// The export formats the importer reads (docs/migrating.md), each from its documented columns:
// - edd: Easy Digital Downloads Software Licensing's licence export (EDD_SL_License_Export::csv_cols, 3.6+), written
//   by EDD's batch exporter: every field double-quoted through addslashes() (undone here: `unslash`).
// - lmfwc: License Manager for WooCommerce's CSV export (its default export columns).
// - lemonsqueezy: Lemon Squeezy licence keys, one column per attribute of its license-key object (API docs).
// - freemius: Freemius licences, one column per field of its license object (API docs).
// Each maps a row to an ImportRecord, or says what is wrong with it.

import { CSV_IMPORT_FORMATS, IMPORT_SOURCE_LABELS, type CsvImportFormat } from '../../../common/imports.js';

export const IMPORT_FORMATS = CSV_IMPORT_FORMATS;
export type ImportFormat = CsvImportFormat;

export interface ImportRecord {
  key: string;
  /** The source's product: its name or id as the file has it; the admin maps each to one of our plugins. */
  product: string;
  status: 'active' | 'expired' | 'revoked';
  /** ISO-8601 UTC, or null for never. */
  expiresAt: string | null;
  /** null: the source's unlimited (0). */
  maxActivations: number | null;
  email: string | null;
  sites: string[];
  createdAt: string | null;
}

export type Row = Record<string, string>;
export type RowResult = { record: ImportRecord } | { error: string };

export interface FormatDefinition {
  label: string;
  /** The column naming the source product, which the admin maps to one of our plugins. */
  productColumn: string;
  /** Columns that must all be in the header. */
  required: readonly string[];
  /** The source escapes with backslashes (PHP's addslashes): `\"` inside quotes, `\'`, `\\`. */
  backslashEscapes?: boolean;
  toRecord: (row: Row) => RowResult;
}

const fail = (error: string): RowResult => ({ error });

/** `Y-m-d H:i:s` (UTC, as WordPress stores GMT dates), an ISO date-time, a Unix timestamp, or empty. */
export function parseDate(value: string | undefined, column: string): { ok: true; iso: string | null } | { ok: false; error: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || /^(never|lifetime|null)$/i.test(text) || text.startsWith('0000-00-00')) return { ok: true, iso: null };
  let date: Date;
  if (/^\d{9,11}$/.test(text)) date = new Date(Number(text) * 1000);
  else if (/^\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d)?)?$/.test(text)) date = new Date(`${text.replace(' ', 'T')}${text.length === 10 ? 'T00:00:00' : ''}Z`);
  else if (/^\d{4}-\d\d-\d\dT/.test(text)) date = new Date(text);
  else return { ok: false, error: `${column} "${text.slice(0, 40)}" is not a date (expected Y-m-d H:i:s, ISO-8601 or a Unix timestamp)` };
  if (Number.isNaN(date.getTime()) || !sameFields(text, date)) return { ok: false, error: `${column} "${text.slice(0, 40)}" is not a real date` };
  return { ok: true, iso: date.toISOString() };
}

/**
 * The date and time written in the text are the ones the Date holds: JavaScript rolls `2029-02-30` over to March
 * 2nd and `24:00` to the next day, which an import must refuse rather than guess. (A text with a zone offset is
 * checked by its own fields only when it is UTC.)
 */
function sameFields(text: string, date: Date): boolean {
  const fields = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)(?::(\d\d))?)?(.*)$/.exec(text);
  if (!fields) return true; // a Unix timestamp
  const zone = fields[7] ?? '';
  if (zone !== '' && !/^(\.\d+)?Z?$/i.test(zone)) return true;
  const [year, month, day, hour = '0', minute = '0', second = '0'] = fields.slice(1, 7);
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() + 1 === Number(month) &&
    date.getUTCDate() === Number(day) &&
    date.getUTCHours() === Number(hour) &&
    date.getUTCMinutes() === Number(minute) &&
    date.getUTCSeconds() === Number(second)
  );
}

/** PHP's stripslashes(): a backslash before a character is dropped (`\\` is one backslash). */
export const unslash = (text: string): string => (text.includes('\\') ? text.replace(/\\(.?)/gs, '$1') : text);

/** A whole number of sites; 0 or `unlimited` is the source's unlimited. */
export function parseLimit(value: string | undefined, column: string): { ok: true; limit: number | null } | { ok: false; error: string } {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || /^unlimited$/i.test(text)) return { ok: true, limit: null };
  if (!/^\d{1,9}$/.test(text)) return { ok: false, error: `${column} "${text.slice(0, 40)}" is not a whole number of sites` };
  return { ok: true, limit: Number(text) };
}

/**
 * The activated sites: one per comma or line (as the sources list them). A part with spaces in it is one bad
 * address, not several sites.
 */
const splitSites = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[,\r\n]+/)
    .map((site) => site.trim())
    .filter((site) => site !== '' && site !== '-');

function build(
  row: Row,
  columns: { key: string; product: string; expires: string; limit: string; email?: string; sites?: string; created?: string },
  status: ImportRecord['status'] | null,
): RowResult {
  const key = (row[columns.key] ?? '').trim();
  if (!key) return fail(`${columns.key} is empty`);
  if (status === null) return fail(`unknown status`);
  const expires = parseDate(row[columns.expires], columns.expires);
  if (!expires.ok) return fail(expires.error);
  const limit = parseLimit(row[columns.limit], columns.limit);
  if (!limit.ok) return fail(limit.error);
  const created = columns.created ? parseDate(row[columns.created], columns.created) : { ok: true as const, iso: null };
  if (!created.ok) return fail(created.error);
  const email = columns.email ? (row[columns.email] ?? '').trim() : '';
  return {
    record: {
      key,
      product: (row[columns.product] ?? '').trim(),
      status,
      expiresAt: expires.iso,
      maxActivations: limit.limit,
      email: email || null,
      sites: columns.sites ? splitSites(row[columns.sites]) : [],
      createdAt: created.iso,
    },
  };
}

/** Source statuses → ours: disabled/revoked/refunded stop working, expired stays expired, the rest are active. */
function mapStatus(raw: string | undefined): ImportRecord['status'] | null {
  const status = (raw ?? '').trim().toLowerCase();
  if (['active', 'inactive', 'sold', 'delivered', 'valid', ''].includes(status)) return 'active';
  if (['expired'].includes(status)) return 'expired';
  if (['disabled', 'revoked', 'refunded', 'cancelled', 'canceled', 'blocked'].includes(status)) return 'revoked';
  return null;
}

const withStatus = (raw: string | undefined) => {
  const status = mapStatus(raw);
  return status;
};

export const FORMATS: Record<ImportFormat, FormatDefinition> = {
  edd: {
    label: IMPORT_SOURCE_LABELS.edd,
    productColumn: 'Product Name',
    backslashEscapes: true,
    required: ['License Key', 'License Status', 'Customer Email', 'Product Name', 'Purchase Date', 'Expiration Date', 'Activation Limit', 'Activated URLs'],
    toRecord: (slashed) => {
      const row = Object.fromEntries(Object.entries(slashed).map(([column, value]) => [column, unslash(value)]));
      const result = build(
        row,
        {
          key: 'License Key',
          product: 'Product Name',
          expires: 'Expiration Date',
          limit: 'Activation Limit',
          email: 'Customer Email',
          sites: 'Activated URLs',
          created: 'Purchase Date',
        },
        withStatus(row['License Status']),
      );
      return 'error' in result && result.error === 'unknown status'
        ? fail(`License Status "${row['License Status']}" is not one of active, inactive, expired, disabled`)
        : result;
    },
  },
  lmfwc: {
    label: IMPORT_SOURCE_LABELS.lmfwc,
    productColumn: 'product_id',
    required: ['license_key', 'product_id', 'expires_at', 'status', 'times_activated_max', 'created_at'],
    toRecord: (row) => {
      const result = build(
        row,
        { key: 'license_key', product: 'product_id', expires: 'expires_at', limit: 'times_activated_max', created: 'created_at' },
        withStatus(row.status),
      );
      return 'error' in result && result.error === 'unknown status'
        ? fail(`status "${row.status}" is not one of sold, delivered, active, inactive, disabled`)
        : result;
    },
  },
  lemonsqueezy: {
    label: IMPORT_SOURCE_LABELS.lemonsqueezy,
    productColumn: 'product_id',
    required: ['key', 'product_id', 'user_email', 'activation_limit', 'status', 'expires_at', 'created_at'],
    toRecord: (row) => {
      const disabled = (row.disabled ?? '').trim().toLowerCase();
      const status = disabled === 'true' || disabled === '1' ? 'revoked' : withStatus(row.status);
      const result = build(
        row,
        { key: 'key', product: 'product_id', expires: 'expires_at', limit: 'activation_limit', email: 'user_email', created: 'created_at' },
        status,
      );
      return 'error' in result && result.error === 'unknown status' ? fail(`status "${row.status}" is not one of inactive, active, expired, disabled`) : result;
    },
  },
  freemius: {
    label: IMPORT_SOURCE_LABELS.freemius,
    productColumn: 'plugin_id',
    required: ['secret_key', 'plugin_id', 'quota', 'expiration', 'is_cancelled', 'created'],
    toRecord: (row) => {
      const cancelled = ['1', 'true'].includes((row.is_cancelled ?? '').trim().toLowerCase());
      return build(
        row,
        { key: 'secret_key', product: 'plugin_id', expires: 'expiration', limit: 'quota', email: 'user_email', created: 'created' },
        cancelled ? 'revoked' : 'active',
      );
    },
  },
};

/** The CSV format whose required columns are all in this header (the most specific when several fit), or null. */
export function detectFormat(header: string[]): ImportFormat | null {
  const names = new Set(header.map((name) => name.trim()));
  const fits = IMPORT_FORMATS.filter((format) => FORMATS[format].required.every((column) => names.has(column)));
  fits.sort((a, b) => FORMATS[b].required.length - FORMATS[a].required.length);
  return fits[0] ?? null;
}
