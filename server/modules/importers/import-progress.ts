// How far each running import has got, for the admin's Import page to poll while its request runs (issue 44): the
// page names its run (`import_id`), the route records the rows decided and the bytes of the file read. Kept in
// this process's memory only: a run's figures are dropped a minute after it ends, and the oldest go first when
// more runs than MAX_RUNS are known.
import type { ImportProgress } from '../../../common/imports.js';

const MAX_RUNS = 100;
const KEPT_AFTER_END_MS = 60_000;
const runs = new Map<string, ImportProgress>();

/** Starts recording a run; answers how to move it on and how to end it. */
export function trackImport(id: string | undefined, totalBytes: number): { update(rows: number, bytesRead: number): void; end(): void } {
  if (!id) return { update: () => undefined, end: () => undefined };
  runs.delete(id);
  while (runs.size >= MAX_RUNS) runs.delete(runs.keys().next().value!);
  const progress: ImportProgress = { rows: 0, bytes_read: 0, total_bytes: totalBytes, done: false };
  runs.set(id, progress);
  return {
    update(rows, bytesRead) {
      progress.rows = rows;
      progress.bytes_read = Math.min(bytesRead, totalBytes);
    },
    end() {
      progress.done = true;
      progress.bytes_read = totalBytes;
      setTimeout(() => runs.get(id) === progress && runs.delete(id), KEPT_AFTER_END_MS).unref();
    },
  };
}

export const importProgress = (id: string): ImportProgress | undefined => runs.get(id);
