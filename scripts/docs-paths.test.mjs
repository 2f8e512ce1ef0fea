// Every path of this repository named in docs/ exists (issue 39): a file moved or renamed fails here until the docs
// follow. A path counts when it starts at a top folder of the tree (`server/…`, `docs/…`) and names no placeholder.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOP = ['server', 'web', 'common', 'docs', 'scripts', 'bench', 'e2e', 'clients'];
const PATH = new RegExp(`(?<![\\w./-])((?:${TOP.join('|')})/[\\w./@-]*[\\w/])`, 'g');

function docs(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? docs(full) : entry.name.endsWith('.md') ? [full] : [];
  });
}

describe('docs name only paths that exist', () => {
  it('finds every file and folder a doc names', () => {
    const missing = [];
    let named = 0;
    for (const file of docs(path.join(root, 'docs'))) {
      // The specification describes the product, not this tree.
      if (file.endsWith('product-spec.md')) continue;
      for (const [index, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
        for (const [, found] of line.matchAll(PATH)) {
          // Placeholders and globs (`server/modules/<name>/`, `web/features/*`) and URLs' paths are not files.
          if (/[<>{}*…]|NNNN/.test(line.slice(line.indexOf(found), line.indexOf(found) + found.length + 1))) continue;
          const target = found.replace(/[.]$/, '');
          if (!/\.\w+$/.test(target) && !target.endsWith('/')) continue;
          named += 1;
          if (!fs.existsSync(path.join(root, target))) missing.push(`${path.relative(root, file)}:${index + 1} ${target}`);
        }
      }
    }
    expect(named).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
