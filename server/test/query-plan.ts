// The plan of a statement a piece of code sends (the first, or the nth) (tests that check a query reads its index; issue 44):
// SQLite's `explain query plan`, PostgreSQL's `explain` with sequential scans priced out (a test's tables are too
// small for the planner to prefer an index on its own). The statement is captured as it runs, then explained with
// the same parameters.
import { sql, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { DB } from '../db/schema.js';
import { testDialect } from './test-app.js';

/** Runs `work` on a database that records each statement it sends, and answers the plan of the first one (or the nth, from 0). */
export async function planOf(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<unknown>, nth = 0): Promise<string> {
  // A subquery passes through transformQuery too, as it is built; only the statements sent reach transformResult.
  const built = new Map<QueryId, RootOperationNode>();
  const sent: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => (built.set(queryId, node), node),
    transformResult: async ({ result, queryId }) => {
      const node = built.get(queryId);
      if (node) sent.push(node);
      return result;
    },
  };
  await work(db.withPlugin(capture));
  const statement = sent[nth];
  if (!statement) throw new Error(`no statement ${nth} ran (${sent.length} did)`);
  const compiled = db.getExecutor().compileQuery(statement, { queryId: 'plan' });
  if (testDialect() !== 'postgres') {
    const rows = await db.executeQuery<{ detail: string }>({ ...compiled, sql: `explain query plan ${compiled.sql}` });
    return rows.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain ${compiled.sql}` });
    return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
