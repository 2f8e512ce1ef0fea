// Issue 44's growth table from the logs of `bash bench/bigshop-growth.sh LOG_DIR`:
//
//   npx tsx bench/bigshop-growth-table.ts [LOG_DIR]        # default /tmp/bigshop-growth; prints markdown
//
// One row per figure, one column per database and size; a cell is empty when its log is missing, and a figure over
// its bar is marked **bold**. Lists and searches: the worst p95 of their queries (bench/bigshop-pages.ts); workers:
// p50 ms and the rows a pass read (bench/workers-due.ts); the check: the ratios bench/bigshop-check.ts prints, each
// shop against the 10,000 one; export and backup: wall time and health's p99 during it (bench/health-during.ts);
// import: wall time (bench/import.ts).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '/tmp/bigshop-growth';
const SIZES = ['10000', '100000', '1000000'];
const DATABASES = ['sqlite', 'pg'] as const;
const read = (name: string): string | undefined => {
  const file = path.join(dir, `${name}.log`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};
const over = (value: number, bar: number, text: string) => (value > bar ? `**${text}**` : text);

/** The pages bench's rows: path, p95. */
function pages(log: string | undefined): Array<{ path: string; p95: number }> {
  if (!log) return [];
  return [...log.matchAll(/^\| `([^`]+)` \| [\d.]+ \| ([\d.]+)/gm)].map((m) => ({ path: m[1]!, p95: Number(m[2]) }));
}

type Cell = (database: (typeof DATABASES)[number], size: string) => string;

/** The worst p95 of the pages bench's queries that `pick` chooses. */
const worstPage =
  (bar: number, pick: (path: string) => boolean): Cell =>
  (database, size) => {
    const times = pages(read(`pages-${database}-${size}`))
      .filter((row) => pick(row.path))
      .map((row) => row.p95);
    if (times.length === 0) return '';
    const worst = Math.max(...times);
    return over(worst, bar, worst.toFixed(1));
  };

const deep = (path: string) => !/[?&]page=1(&|$)/.test(path) && /[?&]page=\d/.test(path) && !path.includes('after=');
const first = (path: string) => !path.includes('search=') && !path.includes('after=') && !deep(path);

function worker(label: RegExp, unit = 'rows'): Cell {
  return (database, size) => {
    const match = new RegExp(`^\\| ${label.source}[^|]* \\| ([\\d.]+) \\| ([\\d.]+) \\| (\\d+) \\|`, 'm').exec(read(`workers-${database}-${size}`) ?? '');
    return match ? `${match[1]} ms, ${Number(match[3]).toLocaleString('en-GB')} ${unit}` : '';
  };
}

/** The check bench's ratio for the shop of this size (`[…] N licences` block), as it printed it. */
function check(pattern: RegExp, bar: (n: number) => boolean): Cell {
  return (database, size) => {
    const log = read(`check-${database}`);
    if (!log) return '';
    const blocks = log.split(/\n(?=\[)/);
    const block = blocks.find((text) => text.startsWith('[') && text.includes(`] ${Number(size).toLocaleString('en-GB')} licences`));
    const match = block && pattern.exec(block);
    if (!match) return block ? 'A' : ''; // the shop the others are measured against
    const value = Number(match[1]);
    return bar(value) ? match[1]! : `**${match[1]}**`;
  };
}

function during(op: 'export' | 'backup'): Cell {
  return (database, size) => {
    const log = read(`${op}-${database}-${size}`);
    const wall = log && new RegExp(`^${op}: ([\\d.]+) s wall`, 'm').exec(log);
    const health = log && /^health during: .* p99 ([\d.]+) \/ max ([\d.]+) ms/m.exec(log);
    if (!wall || !health) return '';
    return `${over(Number(wall[1]), 120, `${wall[1]} s`)}, p99 ${over(Number(health[1]), 100, health[1]!)} ms`;
  };
}

const importCell: Cell = (database, size) => {
  const match = /^import: ([\d.]+) s .*CPU ([\d.]+) s/m.exec(read(`import-${database}-${size}`) ?? '');
  if (!match) return '';
  const seconds = Number(match[1]);
  return `${database === 'sqlite' && size === '1000000' ? over(seconds, 180, `${match[1]} s`) : `${match[1]} s`} (CPU ${match[2]} s)`;
};

const ROWS: Array<[string, string, Cell]> = [
  ['Licences: first page, every sort either way, one plugin (worst p95 ms)', '50', worstPage(50, (p) => p.startsWith('/api/admin/licenses') && first(p))],
  ['Licences: middle page by number, every sort', '50', worstPage(50, (p) => p.startsWith('/api/admin/licenses') && deep(p))],
  ['Customers: first page, every sort either way', '50', worstPage(50, (p) => p.startsWith('/api/admin/customers') && first(p))],
  ['Customers: middle page by number', '50', worstPage(50, (p) => p.startsWith('/api/admin/customers') && deep(p))],
  ['Orders: first page', '50', worstPage(50, (p) => p.startsWith('/api/admin/orders') && first(p))],
  ['Orders: middle page by number', '50', worstPage(50, (p) => p.startsWith('/api/admin/orders') && deep(p))],
  ['Outbox: first page', '50', worstPage(50, (p) => p.startsWith('/api/admin/outbox') && first(p))],
  ['Outbox: middle page by number', '50', worstPage(50, (p) => p.startsWith('/api/admin/outbox') && deep(p))],
  ['Middle pages by cursor, all four lists, every sort', '50', worstPage(50, (p) => p.includes('after='))],
  ['Searches: part of an e-mail, key, site, order number', '100', worstPage(100, (p) => p.includes('search='))],
  ['Dashboard figures', '200', worstPage(200, (p) => p.startsWith('/api/admin/stats'))],
  ['Dashboard charts, 30 and 90 days', '200', worstPage(200, (p) => p.startsWith('/api/admin/dashboard'))],
  ['Worker pass, 1,000 due: renewal reminders (p50, rows)', 'rows ≈ due', worker(/reminders/)],
  ['automatic renewal', 'rows ≈ due', worker(/automatic renewal: candidates/)],
  ['webhook deliveries (a pass claims one per endpoint)', 'rows ≈ due', worker(/webhooks/, 'claimed')],
  ['validate: throughput × 10,000 shop', '≥ 0.9', check(/^validate: .*throughput ([\d.]+) ×/m, (n) => n >= 0.9)],
  ['validate: p99 × same shop health', '≤ 1.5', check(/^validate: p99 ([\d.]+) ×/m, (n) => n <= 1.5)],
  ['check_license: throughput × 10,000 shop', '≥ 0.9', check(/^check_license: .*throughput ([\d.]+) ×/m, (n) => n >= 0.9)],
  ['check_license: p99 × same shop health', '≤ 1.5', check(/^check_license: p99 ([\d.]+) ×/m, (n) => n <= 1.5)],
  ['server peak RSS under load × 10,000 shop', '≤ 1.2', check(/^peak RSS ([\d.]+) ×/m, (n) => n <= 1.2)],
  ['Shop export while answering (wall, health p99)', '120 s, 100 ms', during('export')],
  ['`npm run backup` while answering', '120 s, 100 ms', during('backup')],
  ['Import of N EDD licences', '180 s (SQLite, 1M)', importCell],
];

const columns = DATABASES.flatMap((database) => SIZES.map((size) => [database, size] as const));
const name = (size: string) => `${Number(size) / 1000}k`.replace('1000k', '1M');
console.log(`| figure | bar | ${columns.map(([database, size]) => `${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ${name(size)}`).join(' | ')} |`);
console.log(`|---|---|${columns.map(() => '---|').join('')}`);
for (const [label, bar, cell] of ROWS) console.log(`| ${label} | ${bar} | ${columns.map(([database, size]) => cell(database, size)).join(' | ')} |`);
