// The heaviest functions of a .cpuprofile (bench/profile-on-signal.mjs, or node --cpu-prof): self time and total time
// (self plus callees, each function counted once per sample), as a share of the samples.
//
//   node bench/profile-summary.mjs FILE.cpuprofile [ROWS]
import fs from 'node:fs';

const [file, rows = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-summary.mjs FILE.cpuprofile [ROWS]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/node_modules\//, '~/').replace(/^file:\/\/.*?\/(server|bench)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};
const self = new Map();
const total = new Map();
for (const id of profile.samples) {
  const node = byId.get(id);
  self.set(label(node), (self.get(label(node)) ?? 0) + 1);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + 1);
  }
}
const n = profile.samples.length;
const show = (title, map) => {
  console.log(`\n${title} (${n} samples)`);
  for (const [name, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)))
    console.log(`${((100 * count) / n).toFixed(1).padStart(5)} %  ${name}`);
};
show('self', self);
show('total', total);
