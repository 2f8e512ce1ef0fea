// The retention worker's claim (0078-retention; owner: retention): one row per job, a lease while a run goes on and
// when the last one ended, so of several instances one runs it, once per period.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Takes the job's lease unless another instance holds one or a run ended less than `every` ms ago; whether it did. */
export async function claimRun(db: Kysely<DB>, input: { name: string; now: Date; leaseMs: number; everyMs: number; token: string }): Promise<boolean> {
  const at = input.now.toISOString();
  await db
    .insertInto('retention_runs')
    .values({ name: input.name, lease_until: null, lease_token: null, last_run_at: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const result = await db
    .updateTable('retention_runs')
    .set({ lease_until: new Date(input.now.getTime() + input.leaseMs).toISOString(), lease_token: input.token })
    .where('name', '=', input.name)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
    .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', new Date(input.now.getTime() - input.everyMs).toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the run this instance holds: the lease goes, the time of the run stays. */
export async function finishRun(db: Kysely<DB>, name: string, token: string, now: Date): Promise<void> {
  await db
    .updateTable('retention_runs')
    .set({ lease_until: null, lease_token: null, last_run_at: now.toISOString() })
    .where('name', '=', name)
    .where('lease_token', '=', token)
    .execute();
}
