// The retention module's door (docs/big-shop.md, "Retention"). Every other file in this folder is private to the
// module (eslint.config.js; docs/architecture.md).
import type { AppModule } from '../../kernel/module.js';
import { RetentionWorker } from './retention-worker.js';

export { RetentionWorker, type RetentionRun } from './retention-worker.js';

/** What the composition root installs (server/services.ts): the worker, started with the server, stopped with it. */
export const retentionModule: AppModule = {
  name: 'retention',
  workers: (ctx) => {
    const worker = new RetentionWorker(ctx);
    worker.start();
    return () => worker.stop();
  },
};
