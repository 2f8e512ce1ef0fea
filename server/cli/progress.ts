// The command line's progress bar (npm run import): on a terminal one line, redrawn at most every 100 ms, under
// the rows printed above it; elsewhere (a log, a pipe) a plain line every 5 seconds. Written to stderr, so stdout
// stays the row-by-row report.

export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` of `total` (bytes of the file read, say) and the rows decided so far. */
  update(done: number, rows: number): void;
  /** Prints a line of the report without tearing the bar (it is redrawn at the next update). */
  print(line: string, to: (line: string) => void): void;
  /** The last figures, and the bar's line ended. */
  finish(rows: number): void;
}

const WIDTH = 24;

const clock = (seconds: number): string => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The progress line: a bar and percentage when the total is known, the rows, their rate and the time left. */
export function progressLine(done: number, total: number, rows: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? (rows * 1000) / elapsedMs : 0;
  const parts = [`${rows.toLocaleString('en-GB')} rows`, `${Math.round(rate).toLocaleString('en-GB')} rows/s`, `${clock(elapsedMs / 1000)} elapsed`];
  if (total <= 0) return parts.join(' · ');
  const share = Math.min(1, done / total);
  const filled = Math.round(share * WIDTH);
  const left = share > 0 ? (elapsedMs / 1000) * ((1 - share) / share) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)} % · ${parts.join(' · ')}${share > 0 && share < 1 ? ` · ${clock(left)} left` : ''}`;
}

export function createProgress(out: ProgressOutput, total: number, now: () => number = () => performance.now()): Progress {
  const began = now();
  const every = out.isTTY ? 100 : 5000;
  let drawnAt = began;
  let shown = false;
  let last = { done: 0, rows: 0 };
  const draw = (final: boolean) => {
    const line = progressLine(final && total > 0 ? total : last.done, total, last.rows, now() - began);
    if (out.isTTY) out.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    else out.write(`${line}\n`);
    shown = out.isTTY === true && !final;
    drawnAt = now();
  };
  return {
    update(done, rows) {
      last = { done, rows };
      if (now() - drawnAt >= every) draw(false);
    },
    print(line, to) {
      if (shown) {
        out.write('\r\x1b[2K');
        shown = false;
      }
      to(line);
    },
    finish(rows) {
      last = { ...last, rows };
      draw(true);
    },
  };
}

/**
 * Report lines gathered and written in chunks of about `chunkChars` (a million rows are a million lines: one write
 * each cost more than the row's own work). For output that is not a terminal, where no bar is drawn between them;
 * `flush` writes what is left.
 */
export function bufferedLines(write: (text: string) => unknown, chunkChars = 64 * 1024): { print(line: string): void; flush(): void } {
  let lines: string[] = [];
  let chars = 0;
  const flush = () => {
    if (lines.length === 0) return;
    write(`${lines.join('\n')}\n`);
    lines = [];
    chars = 0;
  };
  return {
    print(line) {
      lines.push(line);
      chars += line.length + 1;
      if (chars >= chunkChars) flush();
    },
    flush,
  };
}
