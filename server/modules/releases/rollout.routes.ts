import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import { releaseIdParamsSchema, releaseSchema, releaseUpdateSchema, rolloutScheduleSchema, rolloutStepSchema } from '../../../common/releases.js';
import { pauseRollout, resumeRollout, rolloutSchedule, setRolloutSchedule, updateRelease } from './release-rollout.js';

/** The admin's channel and rollout calls (docs/releases.md, "Channels and staged rollouts"); the schedule's timer is the module's worker. */
export function registerRolloutRoutes(app: App, ctx: AppContext): void {
  const params = releaseIdParamsSchema;
  const one = { 200: releaseSchema };
  app.patch(
    '/api/admin/releases/:id',
    { config: { permission: 'releases:write' }, schema: { params, body: releaseUpdateSchema, response: one } },
    async (request) => updateRelease(ctx.db, request.params.id, request.body),
  );
  app.post('/api/admin/releases/:id/rollout/pause', { config: { permission: 'releases:write' }, schema: { params, response: one } }, async (request) =>
    pauseRollout(ctx.db, request.params.id),
  );
  app.post('/api/admin/releases/:id/rollout/resume', { config: { permission: 'releases:write' }, schema: { params, response: one } }, async (request) =>
    resumeRollout(ctx.db, request.params.id),
  );
  const steps = { 200: z.object({ steps: z.array(rolloutStepSchema) }) };
  app.get('/api/admin/releases/:id/rollout/schedule', { config: { permission: 'releases:read' }, schema: { params, response: steps } }, async (request) => ({
    steps: await rolloutSchedule(ctx.db, request.params.id),
  }));
  app.put(
    '/api/admin/releases/:id/rollout/schedule',
    { config: { permission: 'releases:write' }, schema: { params, body: rolloutScheduleSchema, response: steps } },
    async (request) => ({
      steps: await setRolloutSchedule(ctx.db, request.params.id, request.body),
    }),
  );
}
