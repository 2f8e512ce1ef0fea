// The importers read CSV through this small interface, so the parser can be swapped for a well-kept library
// (csv-parse is the one wanted: docs/migrating.md) without touching the formats. Until then `readCsvRecords`
// below streams RFC 4180 CSV itself: quoted fields, doubled quotes, commas and line breaks inside quotes,
// CRLF or LF, a UTF-8 byte order mark. Memory stays bounded by one record (a record past MAX_RECORD_CHARS fails).
import type { Readable } from 'node:stream';

export interface CsvRecord {
  /** The file line the record starts on (1 is the header). */
  line: number;
  fields: string[];
}

export type CsvReader = (input: Readable) => AsyncIterable<CsvRecord>;

export const MAX_RECORD_CHARS = 1_000_000;

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export async function* readCsvRecords(input: Readable): AsyncIterable<CsvRecord> {
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteJustClosed = false;
  let line = 1;
  let recordLine = 1;
  let recordChars = 0;
  let first = true;
  let pendingCr = false;
  let sawAny = false;
  for await (const chunk of input) {
    let text = typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (first) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (pendingCr) {
        pendingCr = false;
        if (c === '\n') continue;
      }
      sawAny = true;
      if (++recordChars > MAX_RECORD_CHARS) throw new CsvSyntaxError(recordLine, `a record longer than ${MAX_RECORD_CHARS} characters`);
      if (inQuotes) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else if (i + 1 === text.length) {
            // The next chunk decides: a doubled quote split across chunks.
            inQuotes = false;
            quoteJustClosed = true;
          } else {
            inQuotes = false;
            quoteJustClosed = true;
          }
        } else {
          if (c === '\n') line++;
          field += c;
        }
        continue;
      }
      if (c === '"') {
        if (quoteJustClosed) {
          // "" split across two chunks: a literal quote inside the field.
          field += '"';
          inQuotes = true;
          quoteJustClosed = false;
        } else if (field === '') inQuotes = true;
        else field += c;
        continue;
      }
      quoteJustClosed = false;
      if (c === ',') {
        fields.push(field);
        field = '';
      } else if (c === '\n' || c === '\r') {
        fields.push(field);
        yield { line: recordLine, fields };
        fields = [];
        field = '';
        line++;
        recordLine = line;
        recordChars = 0;
        sawAny = false;
        if (c === '\r') pendingCr = true;
      } else field += c;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(recordLine, 'a quoted field is not closed before the end of the file');
  if (sawAny || fields.length > 0) {
    fields.push(field);
    yield { line: recordLine, fields };
  }
}
