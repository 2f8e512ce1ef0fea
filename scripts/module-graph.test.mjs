// The server's module map, checked against the code (issue 24): no import cycle between files or units (type
// imports counted), and no arrow running up the layers that docs/architecture.md lists ("Module map").
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, moduleGraph } from './module-graph.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The `module-layers` block of docs/architecture.md: unit → its layer's index, 0 the top. */
function declaredLayers() {
  const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const block = /```module-layers\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/architecture.md has no module-layers block');
  const layerOf = new Map();
  block
    .trim()
    .split('\n')
    .forEach((line, index) => {
      for (const unit of line.split(':')[1].trim().split(/\s+/)) layerOf.set(unit, index);
    });
  return layerOf;
}

describe('the server module map', () => {
  const { arrows, fileEdges } = moduleGraph(root);
  const unitEdges = [...arrows.keys()].map((key) => key.split(' -> '));

  it('has no import cycle between files, type imports counted', () => {
    expect(cycles(fileEdges).map((cycle) => cycle.map((file) => path.relative(root, file)))).toEqual([]);
  });

  it('has no cycle between units', () => {
    expect(cycles(unitEdges)).toEqual([]);
  });

  it('names every unit in a layer of docs/architecture.md, and every arrow points down or within its layer', () => {
    const layerOf = declaredLayers();
    const units = new Set(unitEdges.flat());
    expect([...units].filter((unit) => !layerOf.has(unit)).sort()).toEqual([]);
    const upward = unitEdges
      .filter(([from, to]) => layerOf.get(to) < layerOf.get(from))
      .map(([from, to]) => `${from} -> ${to}: ${arrows.get(`${from} -> ${to}`)[0]}`);
    expect(upward).toEqual([]);
  });

  it('counts an arrow against the layers when one is added (the check can fail)', () => {
    const layerOf = declaredLayers();
    expect(layerOf.get('kernel')).toBeGreaterThan(layerOf.get('licenses'));
    expect(
      cycles([
        ['a', 'b'],
        ['b', 'a'],
      ]),
    ).toEqual([['a', 'b']]);
  });
});
