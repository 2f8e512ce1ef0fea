import {
  emailSetupSchema,
  emailSetupUpdateSchema,
  goLiveSchema,
  paymentSetupSchema,
  paymentSetupUpdateSchema,
  stripeCheckSchema,
  testEmailResultSchema,
} from '../../../common/payment-setup.js';
import type { App, AppContext } from '../../kernel/context.js';
import { nowIso } from '../../lib/time.js';
import { emailSetupView, saveEmailSetup, testEmail } from './email-setup.service.js';
import { checkStripe, paymentSetupView, savePaymentSetup, setPaymentsLive } from './payment-setup.service.js';

/** The Payments and E-mail pages (issue 41; docs/payment-setup.md). No answer ever carries a secret: last four at most. */
export function registerPaymentSetupRoutes(app: App, ctx: AppContext): void {
  // After a key rotation (docs/secrets.md) every saved secret is sealed again under the new key.
  app.addHook('onReady', async () => {
    const resealed = await ctx.settings.resealSecrets();
    if (resealed > 0) ctx.log.info({ resealed }, 'saved secrets sealed again under the current SECRETS_KEY');
  });

  app.get('/api/admin/payment-setup', { config: { permission: 'settings:read' }, schema: { response: { 200: paymentSetupSchema } } }, (request) =>
    paymentSetupView(ctx, request),
  );

  app.put(
    '/api/admin/payment-setup',
    { config: { permission: 'settings:write' }, schema: { body: paymentSetupUpdateSchema, response: { 200: paymentSetupSchema } } },
    async (request) => {
      await savePaymentSetup(ctx, request, request.body);
      await ctx.events.committed([{ type: 'settings.updated', data: { keys: Object.keys(request.body).filter((key) => key !== 'password') }, at: nowIso() }]);
      return paymentSetupView(ctx, request);
    },
  );

  app.post('/api/admin/payment-setup/check', { config: { permission: 'settings:write' }, schema: { response: { 200: stripeCheckSchema } } }, () =>
    checkStripe(ctx),
  );

  app.post(
    '/api/admin/payment-setup/live',
    { config: { permission: 'settings:write' }, schema: { body: goLiveSchema, response: { 200: paymentSetupSchema } } },
    async (request) => {
      await setPaymentsLive(ctx, request.body.live);
      return paymentSetupView(ctx, request);
    },
  );

  app.get('/api/admin/email-setup', { config: { permission: 'settings:read' }, schema: { response: { 200: emailSetupSchema } } }, (request) =>
    emailSetupView(ctx, request),
  );

  app.put(
    '/api/admin/email-setup',
    { config: { permission: 'settings:write' }, schema: { body: emailSetupUpdateSchema, response: { 200: emailSetupSchema } } },
    async (request) => {
      await saveEmailSetup(ctx, request, request.body);
      return emailSetupView(ctx, request);
    },
  );

  app.post('/api/admin/email-setup/test', { config: { permission: 'settings:write' }, schema: { response: { 200: testEmailResultSchema } } }, () =>
    testEmail(ctx),
  );
}
