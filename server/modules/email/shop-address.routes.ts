import type { FastifyRequest } from 'fastify';
import { confirmShopAddressSchema, shopAddressSchema, type ShopAddress } from '../../../common/settings.js';
import type { App, AppContext } from '../../kernel/context.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { releaseIfAddressed } from './email-events.js';
import { countEmailsOnHold } from './email.service.js';

/**
 * The shop's address (docs/checkout.md, "Links in e-mails"): what e-mailed links start with, and the e-mails
 * held for want of one. Admin paths only: the request origin answered here is the admin's own, and only the
 * admin confirms it. Held e-mails leave as soon as there is an address: on confirmation here, or when the
 * Settings change (the `settings.updated` event, email-events.ts); the retry loop also sends them within a minute.
 */
export function registerShopAddressRoutes(app: App, ctx: AppContext): void {
  const shopAddress = async (request: FastifyRequest): Promise<ShopAddress> => ({
    base_url: ctx.settings.get('base_url'),
    confirmed_origin: ctx.settings.confirmedOrigin(),
    link_base: ctx.settings.emailLinkBase(),
    request_origin: requestOrigin(request),
    held_emails: await countEmailsOnHold(ctx),
  });

  app.get('/api/admin/shop-address', { config: { permission: 'settings:read' }, schema: { response: { 200: shopAddressSchema } } }, async (request) =>
    shopAddress(request),
  );

  app.put(
    '/api/admin/shop-address',
    { config: { permission: 'settings:write' }, schema: { body: confirmShopAddressSchema, response: { 200: shopAddressSchema } } },
    async (request) => {
      await ctx.settings.confirmOrigin(request.body.origin);
      await releaseIfAddressed(ctx);
      return shopAddress(request);
    },
  );
}
