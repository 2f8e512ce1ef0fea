// The server's module graph, read from the code (issue 24): every relative import between server files,
// type-only imports included, grouped by unit. A unit is a module (`server/modules/<name>`) or a layer folder
// (`server/http`, `server/lib`, `server/db`, `server/cli`, `server/test`) or a top-level file (`server/app.ts` →
// `app`). Prints the arrows between units, the arrows that run against the declared layer order
// (docs/architecture.md, "Module map"; checked by scripts/module-graph.test.mjs) and the cycles between units.
// Usage: node scripts/module-graph.mjs [--json] [root]
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export function serverFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.ts$|\.checks\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  walk(path.join(root, 'server'));
  return files;
}

/** `server/modules/licenses/x.ts` → `licenses`; `server/http/x.ts` → `http`; `server/app.ts` → `app`. */
export function unitOf(root, file) {
  const parts = path.relative(path.join(root, 'server'), file).split(path.sep);
  if (parts[0] === 'modules') return parts[1];
  if (parts.length > 1) return parts[0];
  return parts[0].replace(/\.tsx?$/, '');
}

export function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, false);
  return info.importedFiles
    .map((entry) => entry.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.resolve(path.dirname(file), name).replace(/\.js$/, '.ts'));
}

export function moduleGraph(root) {
  const arrows = new Map(); // "from -> to" → [file → imported file, …]
  const fileEdges = [];
  for (const file of serverFiles(root)) {
    const from = unitOf(root, file);
    for (const target of importsOf(file)) {
      if (!target.startsWith(path.join(root, 'server') + path.sep)) continue;
      fileEdges.push([file, target]);
      const to = unitOf(root, target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      if (!arrows.has(key)) arrows.set(key, []);
      arrows.get(key).push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  return { arrows, fileEdges };
}

/** Strongly connected components with more than one member (Tarjan). */
export function cycles(edges) {
  const next = new Map();
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, new Set());
    next.get(a).add(b);
    if (!next.has(b)) next.set(b, new Set());
  }
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of next.get(v)) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v).has(v)) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!info.has(v)) visit(v);
  return found;
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) {
  const root = path.resolve(process.argv.find((arg, i) => i > 1 && !arg.startsWith('--')) ?? '.');
  const { arrows, fileEdges } = moduleGraph(root);
  const unitEdges = [...arrows.keys()].map((key) => key.split(' -> '));
  const units = new Set(unitEdges.flat());
  const unitCycles = cycles(unitEdges);
  const fileCycles = cycles(fileEdges);
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        { units: [...units].sort(), arrows: Object.fromEntries(arrows), unitCycles, fileCycles: fileCycles.map((c) => c.map((f) => path.relative(root, f))) },
        null,
        2,
      ),
    );
  } else {
    console.log(`${units.size} units, ${arrows.size} arrows between them`);
    for (const key of [...arrows.keys()].sort()) console.log(`  ${key} (${arrows.get(key).length})`);
    console.log(`unit cycles: ${unitCycles.length}`);
    for (const c of unitCycles) console.log(`  ${c.join(', ')}`);
    console.log(`file cycles (type imports counted): ${fileCycles.length}`);
    for (const c of fileCycles) console.log(`  ${c.length} files: ${c.map((f) => path.relative(root, f)).join(', ')}`);
  }
}
