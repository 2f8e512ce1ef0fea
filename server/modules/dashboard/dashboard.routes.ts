import { z } from 'zod';
import { activitySchema, statsSchema } from '../../../common/licenses.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listRecentActivities } from '../activities/index.js';
import { dashboardStats } from './dashboard.service.js';
import { analyticsQuerySchema, analyticsSchema } from '../../../common/dashboard.js';
import { dashboardAnalytics } from './analytics.service.js';
import { setupChecklistDismissSchema, setupChecklistSchema } from '../../../common/setup-checklist.js';
import { setSetupChecklistDismissed, setupChecklist } from './setup-checklist.js';

const activitiesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(10),
});

export function registerDashboardRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/stats', { config: { permission: 'revenue:read' }, schema: { response: { 200: statsSchema } } }, async () => dashboardStats(ctx.db));

  app.get(
    '/api/admin/activities',
    { config: { permission: 'revenue:read' }, schema: { querystring: activitiesQuerySchema, response: { 200: z.array(activitySchema) } } },
    async (request) => listRecentActivities(ctx.db, request.query.limit),
  );

  // Charts of the last 30 or 90 UTC days and the current version shares (docs/dashboard.md).
  app.get(
    '/api/admin/dashboard/analytics',
    { config: { permission: 'revenue:read' }, schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema } } },
    async (request) => dashboardAnalytics(ctx.db, request.query.days),
  );

  // The first-run checklist (issue 25; docs/dashboard.md): what a new shop still needs before it can sell.
  app.get('/api/admin/setup-checklist', { config: { permission: 'settings:read' }, schema: { response: { 200: setupChecklistSchema } } }, async () =>
    setupChecklist(ctx),
  );
  app.put(
    '/api/admin/setup-checklist',
    { config: { permission: 'settings:write' }, schema: { body: setupChecklistDismissSchema, response: { 200: setupChecklistSchema } } },
    async (request) => setSetupChecklistDismissed(ctx, request.body.dismissed),
  );
}
