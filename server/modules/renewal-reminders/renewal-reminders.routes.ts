import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../kernel/context.js';
import { findLicenseById } from '../licenses/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { storeIdentity } from '../storefront/index.js';
import { setPageHeaders } from '../web-pages/index.js';
import { nowIso } from '../../lib/time.js';
import { insertOptOut } from './reminders.repository.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';
import { escapeHtml } from '../../lib/html.js';
import { spellLicence } from '../../../common/store-terms.js';

const tokenField = z.string({ error: 'the link must carry its token' }).max(200, 'the token is too long: copy the whole link from the e-mail');
const unsubscribeQuerySchema = z.object({ token: tokenField });
const unsubscribePostQuerySchema = z.object({ token: tokenField.optional() });
/** The page's form (`token`), or a one-click POST (`List-Unsubscribe=One-Click`, the token in the query). */
const unsubscribeBodySchema = z.object({ token: tokenField.optional(), 'List-Unsubscribe': z.string().max(100).optional() }).nullish();

const page = (storeName: string, title: string, message: string, form?: { token: string; button: string }): string => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(storeName)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>
<p data-testid="unsubscribe-message">${escapeHtml(message)}</p>${
  form
    ? `
<form method="post" action=""><input type="hidden" name="token" value="${escapeHtml(form.token)}">
<button type="submit" style="font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:1px solid #111;background:#111;color:#fff;cursor:pointer">${escapeHtml(form.button)}</button></form>`
    : ''
}
<p><a href="/">${escapeHtml(storeName)}</a></p>
</body></html>`;

export function registerRenewalReminderRoutes(app: App, ctx: AppContext): void {
  // The page's texts are written British and read in the shop's spelling (issue 40).
  const answer = (reply: FastifyReply, status: number, title: string, message: string, form?: { token: string; button: string }) => {
    const { store_name: storeName, spelling } = storeIdentity(ctx.settings);
    return setPageHeaders(reply.code(status))
      .type('text/html; charset=utf-8')
      .send(page(storeName, spellLicence(title, spelling), spellLicence(message, spelling), form));
  };
  const invalidLink = (reply: FastifyReply) => {
    const { support_email: support } = storeIdentity(ctx.settings);
    return answer(
      reply,
      400,
      'This link is not valid',
      `This unsubscribe link is incomplete or was changed. Copy the whole link from the reminder e-mail${support ? `, or write to ${support}` : ''}.`,
    );
  };

  // The reminder e-mail's unsubscribe link (docs/renewal-reminders.md). Opening it changes nothing: mail scanners and
  // link checkers follow links, so the page asks, and its button POSTs. No HEAD route either.
  app.get('/unsubscribe', { exposeHeadRoute: false, schema: { querystring: unsubscribeQuerySchema } }, async (request, reply) => {
    const licenseId = verifyUnsubscribeToken(ctx, request.query.token);
    if (licenseId === null) return invalidLink(reply);
    const license = await findLicenseById(ctx.db, licenseId);
    if (!license) return answer(reply, 404, 'Licence not found', 'The licence this link was for no longer exists, so it gets no reminders.');
    const plugin = await findPluginBySlug(ctx.db, license.plugin_slug);
    return answer(
      reply,
      200,
      'Stop renewal reminders?',
      `You will get no more renewal reminders for your ${plugin?.name ?? license.plugin_slug} licence. Your licence itself does not change.`,
      { token: request.query.token, button: 'Unsubscribe' },
    );
  });

  // The page's button, and RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the
  // List-Unsubscribe address (the same link, token in its query), urlencoded or multipart; the body is not needed.
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 10_000 }, (_request, _body, done) => done(null, {}));
    // The scope is the app's own Fastify with its zod type provider (App), only encapsulated for the parser.
    (scope as unknown as App).post(
      '/unsubscribe',
      { schema: { querystring: unsubscribePostQuerySchema, body: unsubscribeBodySchema } },
      async (request, reply) => {
        const token = request.body?.token ?? request.query.token;
        const licenseId = token === undefined ? null : verifyUnsubscribeToken(ctx, token);
        if (licenseId === null) return invalidLink(reply);
        const license = await findLicenseById(ctx.db, licenseId);
        if (!license) return answer(reply, 404, 'Licence not found', 'The licence this link was for no longer exists, so it gets no reminders.');
        await insertOptOut(ctx.db, licenseId, nowIso());
        const plugin = await findPluginBySlug(ctx.db, license.plugin_slug);
        return answer(reply, 200, 'You are unsubscribed', `You will get no more renewal reminders for your ${plugin?.name ?? license.plugin_slug} licence.`);
      },
    );
  });
}
