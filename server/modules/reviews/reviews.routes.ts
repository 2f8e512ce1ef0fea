import { z } from 'zod';
import {
  adminReviewListSchema,
  adminReviewParamsSchema,
  adminReviewQuerySchema,
  adminReviewSchema,
  publicReviewListSchema,
  publicReviewParamsSchema,
} from '../../../common/reviews.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listAdminReviews, listPublicReviews, moderateReview } from './reviews.service.js';

const errorSchema = z.object({ error: z.string(), message: z.string() });

/**
 * The public list of a plugin's approved reviews and the admin's moderation (docs/storefront.md, "Reviews and
 * numbers"). The customer's own calls are under /api/account/ (server/modules/account/account.routes.ts).
 */
export function registerReviewRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/plugins/:slug/reviews',
    { schema: { params: publicReviewParamsSchema, response: { 200: publicReviewListSchema, 404: errorSchema } } },
    async (request) => listPublicReviews(ctx, request.params.slug),
  );

  app.get(
    '/api/admin/reviews',
    { config: { permission: 'reviews:moderate' }, schema: { querystring: adminReviewQuerySchema, response: { 200: adminReviewListSchema } } },
    async (request) => listAdminReviews(ctx, request.query),
  );
  app.post(
    '/api/admin/reviews/:id/approve',
    { config: { permission: 'reviews:moderate' }, schema: { params: adminReviewParamsSchema, response: { 200: adminReviewSchema, 404: errorSchema } } },
    async (request) => moderateReview(ctx, request.params.id, 'approved'),
  );
  app.post(
    '/api/admin/reviews/:id/hide',
    { config: { permission: 'reviews:moderate' }, schema: { params: adminReviewParamsSchema, response: { 200: adminReviewSchema, 404: errorSchema } } },
    async (request) => moderateReview(ctx, request.params.id, 'hidden'),
  );
}
