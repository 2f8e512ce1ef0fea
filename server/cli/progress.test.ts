import { describe, expect, it } from 'vitest';
import { bufferedLines, createProgress, progressLine } from './progress.js';

const ESC = String.fromCharCode(27);
const output = (isTTY: boolean) => {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
};

describe('the import progress bar', () => {
  it('shows the share read, the rows, their rate and the time left', () => {
    expect(progressLine(250, 1000, 5000, 10_000)).toBe('[######------------------]  25 % · 5,000 rows · 500 rows/s · 0:10 elapsed · 0:30 left');
    expect(progressLine(0, 0, 12, 2000)).toBe('12 rows · 6 rows/s · 0:02 elapsed');
  });

  it('on a terminal redraws one line at most every 100 ms and clears it before a printed row', () => {
    let clock = 0;
    const out = output(true);
    const progress = createProgress(out, 1000, () => clock);
    const printed: string[] = [];
    clock = 50;
    progress.update(100, 10);
    expect(out.written).toEqual([]);
    clock = 150;
    progress.update(200, 20);
    expect(out.written).toHaveLength(1);
    expect(out.written[0]).toMatch(new RegExp(`^\r${ESC}\\[2K\\[#####-+\\] {2}20 % · 20 rows`));
    progress.print('line 21: create', (line) => printed.push(line));
    expect(out.written.at(-1)).toBe('\r\x1b[2K');
    expect(printed).toEqual(['line 21: create']);
    progress.finish(30);
    expect(out.written.at(-1)).toMatch(new RegExp(`^\r${ESC}\\[2K\\[#{24}\\] 100 % · 30 rows .*\n$`));
  });

  it('elsewhere writes a plain line every 5 seconds, never a carriage return', () => {
    let clock = 0;
    const out = output(false);
    const progress = createProgress(out, 1000, () => clock);
    for (clock = 0; clock <= 12_000; clock += 100) progress.update(clock / 12, clock);
    progress.print('line 1: create', () => undefined);
    progress.finish(12_000);
    expect(out.written).toHaveLength(3);
    expect(out.written.every((line) => line.endsWith('\n') && !line.includes('\r'))).toBe(true);
  });

  it('report lines to a file are written in chunks, every line once, in order', () => {
    const writes: string[] = [];
    const out = bufferedLines((text) => writes.push(text), 100);
    const lines = Array.from({ length: 50 }, (_, i) => `line ${i + 2}: create XXXX-…-${i}`);
    for (const line of lines) out.print(line);
    const before = writes.length;
    out.flush();
    out.flush();
    expect(before).toBeGreaterThan(5);
    expect(writes.length).toBeLessThan(lines.length);
    expect(writes.join('')).toBe(`${lines.join('\n')}\n`);
  });
});
