// The servers bench/license-validate.ts starts: the variants of BENCH_VARIANTS, what each runs, and the PostgreSQL
// schema and backends they use.
import path from 'node:path';
import fs from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { PhaseResult } from './load.js';

/**
 * One server the bench starts: `BENCH_VARIANTS` lists them, separated by `;`, each `NAME=value,NAME=value`
 * overrides of the server's environment (`default` for none). `SERVER_DIR=/path` runs the server of another
 * checkout (a git worktree of an older commit) for a before/after comparison.
 */
export interface Variant {
  label: string;
  env: Record<string, string>;
  serverDir: string;
  nodeArgs: string[];
}

export function parseVariants(text: string): Variant[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((label) => {
      const env: Record<string, string> = {};
      let serverDir = process.cwd();
      const nodeArgs: string[] = [];
      if (label !== 'default') {
        for (const pair of label.split(',')) {
          const [name, ...rest] = pair.split('=');
          if (!name || rest.length === 0) throw new Error(`BENCH_VARIANTS: "${pair}" is not NAME=value`);
          if (name.trim() === 'SERVER_DIR') serverDir = path.resolve(rest.join('='));
          else if (name.trim() === 'NODE_ARGS') nodeArgs.push(...rest.join('=').split(' ').filter(Boolean));
          else env[name.trim()] = rest.join('=');
        }
      }
      return { label, env, serverDir, nodeArgs };
    });
}

export interface Running {
  variant: Variant;
  port: number;
  server: ChildProcess;
  logFile: string;
  health: PhaseResult[];
  validate: PhaseResult[];
  edd: PhaseResult[];
  cpu: { server: number; database: number; edd: number };
  backends: number[];
  applicationName: string;
  peakRssMb: number;
}

/**
 * The server the bench starts: the TypeScript source through tsx, or with BENCH_BUILT=1 the bundle `npm run build`
 * made (dist/server/main.js), which is what `npm start` runs: less memory (no compiler in the process).
 */
export function serverEntry(dir: string): string[] {
  if (process.env.BENCH_BUILT === '1') {
    const bundle = path.join(dir, 'dist', 'server', 'main.js');
    if (!fs.existsSync(bundle)) throw new Error(`BENCH_BUILT=1: no ${bundle}; run npm run build first`);
    return [bundle];
  }
  return ['--import', 'tsx', path.join(dir, 'server/main.ts')];
}

export function withSearchPath(url: string, schema: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

/** The process ids of the PostgreSQL backends serving the server (the database runs on this machine). */
export async function backendPids(url: string, applicationNames: string[]): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = any($1)', [applicationNames]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

export async function postgresAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
