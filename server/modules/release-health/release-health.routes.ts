import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import { machineApiRateLimit } from '../../http/rate-limit.js';
import { deactivationReasonSchema, healthReportAnswerSchema, healthReportSchema, releaseHealthSchema } from '../../../common/release-health.js';
import { releaseIdParamsSchema } from '../../../common/releases.js';
import { recordHealthReport, releaseHealth } from './release-health.service.js';
import { recordDeactivationReason } from './deactivation-reasons.js';

export function registerReleaseHealthRoutes(app: App, ctx: AppContext): void {
  // Public: the WordPress client reports once after an update; rate limited per IP like the rest of the machine API.
  app.post(
    '/api/v1/plugins/:slug/health',
    {
      onRequest: machineApiRateLimit(ctx, 'health-report'),
      schema: { params: z.object({ slug: z.string().min(1).max(100) }), body: healthReportSchema, response: { 200: healthReportAnswerSchema } },
    },
    async (request) => recordHealthReport(ctx, request.params.slug, request.body),
  );
  // Public: the WordPress client's deactivation survey, when the vendor turned it on (Settings).
  app.post(
    '/api/v1/plugins/:slug/deactivation',
    {
      onRequest: machineApiRateLimit(ctx, 'deactivation-reason'),
      schema: { params: z.object({ slug: z.string().min(1).max(100) }), body: deactivationReasonSchema, response: { 200: healthReportAnswerSchema } },
    },
    async (request) => recordDeactivationReason(ctx, request.params.slug, request.body),
  );
  app.get(
    '/api/admin/releases/:id/health',
    { config: { permission: 'releases:read' }, schema: { params: releaseIdParamsSchema, response: { 200: releaseHealthSchema } } },
    async (request) => releaseHealth(ctx, request.params.id),
  );
}
