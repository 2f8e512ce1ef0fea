// The client's PHP: every file parses (`php -l`), and the pure parts pass their unit tests (tests/unit-test.php).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const phpFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? phpFiles(full) : entry.name.endsWith('.php') ? [full] : [];
  });

describe('WordPress client PHP', () => {
  it.each(phpFiles(root).map((file) => [path.relative(root, file), file]))('%s parses (php -l)', (_name, file) => {
    expect(execFileSync('php', ['-l', file], { encoding: 'utf8' })).toContain('No syntax errors');
  });

  it('passes its unit tests', () => {
    const output = execFileSync('php', [path.join(root, 'tests', 'unit-test.php')], { encoding: 'utf8' });
    expect(output).toMatch(/unit: \d+ passed, 0 failed/);
  });
});
