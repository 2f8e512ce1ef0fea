// The context a command-line tool works in, built by the composition root as the server builds its own
// (server/services.ts): every module's recorders are installed, so a change made here writes what the same change
// in the server writes (webhook deliveries, the Customers list). What runs after commit (sending e-mail and
// webhooks) is left to the running server's workers, which poll.
import pino from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { AppContext } from '../kernel/context.js';
import { redactSecrets } from '../lib/redact.js';
import { composeContext } from '../services.js';
import { openDatabase } from '../startup.js';

export interface ToolContext {
  ctx: AppContext;
  /** Releases the context's services, and the database if this call opened it. */
  close(): Promise<void>;
}

/** Opens (and migrates) the configured database unless one is given, and builds the tool's context on it. */
export async function openToolContext(config: Config, given?: Database): Promise<ToolContext> {
  const db = given ?? (await openDatabase({ ...config, SEED_DEMO: false }));
  try {
    // Log lines go to stderr: a tool's stdout is its report.
    const log = pino({ level: config.LOG_LEVEL, hooks: { streamWrite: redactSecrets } }, pino.destination(2));
    const { ctx, close } = await composeContext({ config, db, log, mode: 'tool' });
    return {
      ctx,
      close: async () => {
        await close();
        if (!given) await db.destroy();
      },
    };
  } catch (error) {
    if (!given) await db.destroy();
    throw error;
  }
}
