import { z } from 'zod';
import {
  adminCouponSchema,
  couponCheckBodySchema,
  couponCheckResponseSchema,
  couponCreateSchema,
  couponIdParamsSchema,
  couponPatchSchema,
} from '../../../common/coupons.js';
import type { App, AppContext } from '../../kernel/context.js';
import { rateLimit } from '../../http/rate-limit.js';
import { checkCoupon, createCoupon, editCoupon, listAdminCoupons } from './coupons.service.js';

/** The admin's Coupons page (list, create, edit; deactivate is `active: false`) and the buyer's "Apply code" check (docs/pricing.md). */
export function registerCouponRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/coupons', { config: { permission: 'coupons:read' }, schema: { response: { 200: z.array(adminCouponSchema) } } }, async () =>
    listAdminCoupons(ctx.db),
  );
  app.post(
    '/api/admin/coupons',
    { config: { permission: 'coupons:write' }, schema: { body: couponCreateSchema, response: { 201: adminCouponSchema } } },
    async (request, reply) => reply.code(201).send(await createCoupon(ctx, request.body)),
  );
  app.patch(
    '/api/admin/coupons/:id',
    { config: { permission: 'coupons:write' }, schema: { params: couponIdParamsSchema, body: couponPatchSchema, response: { 200: adminCouponSchema } } },
    async (request) => editCoupon(ctx, request.params.id, request.body),
  );

  // Public: a per-IP budget keeps anyone from guessing codes quickly (docs/rate-limits.md).
  app.post(
    '/api/coupons/check',
    { onRequest: rateLimit({ name: 'coupon-check', max: 20 }), schema: { body: couponCheckBodySchema, response: { 200: couponCheckResponseSchema } } },
    async (request) => checkCoupon(ctx.db, request.body),
  );
}
