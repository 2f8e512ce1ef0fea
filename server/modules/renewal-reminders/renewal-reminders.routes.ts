import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import { findLicenseById } from '../licenses/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { storeIdentity } from '../storefront/index.js';
import { setPageHeaders } from '../web-pages/index.js';
import { nowIso } from '../../lib/time.js';
import { renderReminderEmail } from './reminder-email.js';
import { REMINDER_EMAIL_KIND } from './reminder-worker.js';
import { insertOptOut } from './reminders.repository.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'the link must carry its token' }).max(200, 'the token is too long: copy the whole link from the e-mail'),
});

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const page = (storeName: string, title: string, message: string): string => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(storeName)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>
<p data-testid="unsubscribe-message">${escapeHtml(message)}</p>
<p><a href="/">${escapeHtml(storeName)}</a></p>
</body></html>`;

export function registerRenewalReminderRoutes(app: App, ctx: AppContext): void {
  ctx.emailRenderers.set(REMINDER_EMAIL_KIND, renderReminderEmail);

  // The reminder e-mail's unsubscribe link (docs/renewal-reminders.md): the licence gets no more reminders.
  // No HEAD route: a link checker's HEAD request unsubscribes nobody.
  app.get('/unsubscribe', { exposeHeadRoute: false, schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) => {
    const identity = storeIdentity(ctx.settings);
    const html = (status: number, title: string, message: string) =>
      setPageHeaders(reply.code(status)).type('text/html; charset=utf-8').send(page(identity.store_name, title, message));
    const licenseId = verifyUnsubscribeToken(ctx, request.query.token);
    if (licenseId === null) {
      return html(
        400,
        'This link is not valid',
        `This unsubscribe link is incomplete or was changed. Copy the whole link from the reminder e-mail${identity.support_email ? `, or write to ${identity.support_email}` : ''}.`,
      );
    }
    const license = await findLicenseById(ctx.db, licenseId);
    if (!license) return html(404, 'Licence not found', 'The licence this link was for no longer exists, so it gets no reminders.');
    await insertOptOut(ctx.db, licenseId, nowIso());
    const plugin = await findPluginBySlug(ctx.db, license.plugin_slug);
    return html(200, 'You are unsubscribed', `You will get no more renewal reminders for your ${plugin?.name ?? license.plugin_slug} licence.`);
  });

  ctx.renewalReminders.start();
}
