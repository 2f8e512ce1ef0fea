import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import packageJson from '../../../package.json' with { type: 'json' };

export function registerHealthRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/health',
    {
      schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']), version: z.string() }) } },
    },
    async () => ({ status: 'ok' as const, database: ctx.dialect, version: packageJson.version }),
  );
}
