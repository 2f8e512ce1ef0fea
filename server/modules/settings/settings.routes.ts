import type { FastifyRequest } from 'fastify';
import {
  apiTokenResponseSchema,
  confirmShopAddressSchema,
  settingsResponseSchema,
  settingsUpdateSchema,
  shopAddressSchema,
  type ShopAddress,
} from '../../../common/settings.js';
import type { App, AppContext } from '../../context.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { countEmailsOnHold, releaseHeldEmails } from '../email/email.service.js';
import { startSettingsSync } from './settings-sync.js';

export function registerSettingsRoutes(app: App, ctx: AppContext): void {
  // Changes made by other instances, workers and the CLI reach this process's cache within a second.
  const stopSync = startSettingsSync(ctx);
  app.addHook('onClose', stopSync);

  /** E-mails held for want of an address leave as soon as there is one (the retry loop also sends them within a minute). */
  const releaseIfAddressed = async () => {
    if (ctx.settings.emailLinkBase()) await releaseHeldEmails(ctx);
  };

  app.get('/api/admin/settings', { schema: { response: { 200: settingsResponseSchema } } }, async () => ctx.settings.toResponse(ctx.signing.publicKeyBase64));

  app.put(
    '/api/admin/settings',
    {
      schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } },
    },
    async (request) => {
      await ctx.settings.update(request.body);
      await releaseIfAddressed();
      return ctx.settings.toResponse(ctx.signing.publicKeyBase64);
    },
  );

  app.post('/api/admin/settings/api-token', { schema: { response: { 200: apiTokenResponseSchema } } }, async () => ctx.auth.rotateApiToken());

  // The shop's address (docs/checkout.md, "Links in e-mails"). Admin paths only: the request origin answered
  // here is the admin's own, and only the admin confirms what e-mailed links start with.
  const shopAddress = async (request: FastifyRequest): Promise<ShopAddress> => ({
    base_url: ctx.settings.get('base_url'),
    confirmed_origin: ctx.settings.confirmedOrigin(),
    link_base: ctx.settings.emailLinkBase(),
    request_origin: requestOrigin(request),
    held_emails: await countEmailsOnHold(ctx),
  });

  app.get('/api/admin/shop-address', { schema: { response: { 200: shopAddressSchema } } }, async (request) => shopAddress(request));

  app.put('/api/admin/shop-address', { schema: { body: confirmShopAddressSchema, response: { 200: shopAddressSchema } } }, async (request) => {
    await ctx.settings.confirmOrigin(request.body.origin);
    await releaseIfAddressed();
    return shopAddress(request);
  });
}
