// The importers read CSV through this one-function interface (docs/migrating.md). It streams the file through
// csv-parse (RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes, CRLF, LF or CR, a
// UTF-8 byte order mark); the parser is piped, so a slow consumer holds back the file and memory stays bounded
// by a record or two (a record longer than MAX_RECORD_CHARS is refused). Blank lines are skipped.
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

export interface CsvRecord {
  /** The file line the record starts on (1 is the header). */
  line: number;
  fields: string[];
}

export interface CsvOptions {
  /** Quotes inside a quoted field are escaped with a backslash (`\"`, PHP's addslashes) rather than doubled. */
  backslashEscapes?: boolean;
}

export type CsvReader = (input: Readable, options?: CsvOptions) => AsyncIterable<CsvRecord>;

export const MAX_RECORD_CHARS = 1_000_000;

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const lineBreaks = (text: string): number => text.match(/\r\n|\r|\n/g)?.length ?? 0;

const describe = (error: CsvError): string => {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is not closed before the end of the file';
    case 'CSV_MAX_RECORD_SIZE':
      return `a record longer than ${MAX_RECORD_CHARS} characters`;
    default:
      return error.message.replace(/^Invalid \w+:\s*/, '');
  }
};

export async function* readCsvRecords(input: Readable, options: CsvOptions = {}): AsyncIterable<CsvRecord> {
  const parser = parse({
    bom: true,
    ...(options.backslashEscapes && { escape: '\\' }),
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    max_record_size: MAX_RECORD_CHARS,
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is the line the record ends on; a field may hold line breaks of its own.
      const inside = record.reduce((sum, field) => sum + lineBreaks(field), 0);
      yield { line: info.lines - inside, fields: record };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new CsvSyntaxError((error as CsvError & { lines?: number }).lines ?? 0, describe(error));
    throw error;
  } finally {
    input.unpipe(parser);
    parser.destroy();
  }
}
