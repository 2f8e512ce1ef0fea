// The big shop's size and shape (bench/bigshop.ts): the command line, the catalogue's plugins and tiers, and the
// time span the rows spread over.
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { licences: { type: 'string', default: '10000' }, out: { type: 'string' }, database: { type: 'string' } },
});
export const options = values;
export const N = Number(values.licences);
if (!Number.isInteger(N) || N < 100 || N > 20_000_000) throw new Error('--licences must be a whole number from 100 to 20000000');
export const CHUNK = 100_000;
export const DAY = 86_400;
export const PLUGINS = ['bench-forms', 'bench-seo', 'bench-backup', 'bench-shipping'];
export const TIERS = [
  { name: 'Lifetime', sites: 25, term: 'lifetime', amount: 19900, plan: 'lifetime' },
  { name: 'Personal', sites: 3, term: 'year', amount: 4900, plan: 'pro_yearly' },
  { name: 'Business', sites: 10, term: 'year', amount: 9900, plan: 'pro_yearly' },
];

export type Dialect = 'sqlite' | 'postgres';
export const url = process.env.DATABASE_URL;
export const dialect: Dialect = url && /^postgres/.test(url) ? 'postgres' : 'sqlite';
export const now = Math.floor(Date.now() / 1000 / 3600) * 3600;
export const start = now - 730 * DAY - 3600;
export const step = Math.floor((730 * DAY) / N);
export const C = Math.floor(N * 0.6);
export const RENEWALS = Math.floor(N * 0.2);
