// Customer self-service API (docs/account.md; the contract is common/account.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountDownloadSchema,
  accountLicenseListSchema,
  accountLicenseParamsSchema,
  accountLicenseSchema,
  accountOrderListSchema,
  accountOrderParamsSchema,
  accountSiteParamsSchema,
  adminSignInLinkResponseSchema,
  CUSTOMER_SESSION_COOKIE,
  CUSTOMER_SESSION_DAYS,
  customerSchema,
  receiptSchema,
  sessionRequestSchema,
  SIGN_IN_LINK_INVALID_MESSAGE,
  SIGN_IN_REQUESTED_MESSAGE,
  SIGN_IN_REQUESTS_PER_IP_PER_MINUTE,
  signInRequestSchema,
  signInResponseSchema,
  signOutResponseSchema,
} from '../../../common/account.js';
import { idParamsSchema } from '../../../common/licenses.js';
import { accountReviewSchema, accountReviewsSchema, REVIEW_WRITES_PER_IP_PER_MINUTE, reviewInputSchema } from '../../../common/reviews.js';
import { listAccountReviews, writeReview } from '../reviews/index.js';
import { findInvoiceOfCustomer, invoicesOfOrders, sendInvoicePdf } from '../invoices/index.js';
import { invoiceIdParamsSchema, invoiceListSchema } from '../../../common/invoices.js';
import type { App, AppContext } from '../../kernel/context.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { rateLimit } from '../../http/rate-limit.js';
import { autoRenewBodySchema, autoRenewStateSchema } from '../../../common/auto-renewal.js';
import {
  createAccountDownload,
  deactivateAccountSite,
  setAccountAutoRenew,
  getAccountReceipt,
  listAccountLicenses,
  listAccountOrders,
} from './account.service.js';
import {
  closeCustomerSession,
  findCustomerSession,
  openCustomerSession,
  queueSignInRequest,
  sendSignInLinkForLicense,
  type CustomerSession,
} from './sign-in.service.js';

const errorSchema = z.object({ error: z.string(), message: z.string() });
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Session lookups per IP per minute (the session call and every account call but sign-in): far above what
 * a person clicking through the page makes (about 5 calls a page), low enough to bound a script.
 */
const ACCOUNT_CALLS_PER_IP_PER_MINUTE = 120;

/** The customer of each request that passed the guard. */
const customers = new WeakMap<FastifyRequest, CustomerSession>();

export function registerAccountRoutes(app: App, ctx: AppContext): void {
  /** A download link answered to the signed-in customer (not e-mailed): base_url (Settings), or the host this request reached. */
  const baseUrl = (request: FastifyRequest) => ctx.settings.baseUrl(requestOrigin(request) ?? `http://localhost:${ctx.config.PORT}`);

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    // Lax, not Strict: the page opened from the e-mailed link is a cross-site navigation, and later visits
    // from the licence e-mail's account link should arrive signed in. Mutations also need X-Requested-With.
    sameSite: 'lax' as const,
    // https as the client sees it: request.protocol follows X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    secure: request.protocol === 'https',
  });

  const accountCalls = rateLimit({ name: 'account-calls', max: ACCOUNT_CALLS_PER_IP_PER_MINUTE });

  // A cross-site form can't set this header, so every POST must carry it (as the admin's cookie mutations do).
  // Sign-in and session too: a form could otherwise sign a visitor into someone else's account (login CSRF:
  // @fastify/formbody would read token=… from a urlencoded form) or send e-mails in their name.
  const requireXhr = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!SAFE_METHODS.has(request.method) && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ error: 'FORBIDDEN', message: 'Missing X-Requested-With: XMLHttpRequest header' });
    }
  };

  const requireCustomer = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findCustomerSession(ctx, request.cookies[CUSTOMER_SESSION_COOKIE]);
    if (!session) {
      if (request.cookies[CUSTOMER_SESSION_COOKIE] !== undefined) reply.clearCookie(CUSTOMER_SESSION_COOKIE, cookieOptions(request));
      return reply
        .code(401)
        .send({ error: 'UNAUTHORIZED', message: 'Your session has ended or you are not signed in. Request a sign-in link with your e-mail address.' });
    }
    customers.set(request, session);
  };
  const customerOf = (request: FastifyRequest): CustomerSession => {
    const session = customers.get(request);
    if (!session) throw new Error('account route without the customer guard');
    return session;
  };
  const guarded = { onRequest: [accountCalls, requireCustomer, requireXhr] };
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

  app.post(
    '/api/account/sign-in',
    {
      onRequest: [rateLimit({ name: 'account-sign-in', max: SIGN_IN_REQUESTS_PER_IP_PER_MINUTE }), requireXhr],
      schema: { body: signInRequestSchema, response: { 202: signInResponseSchema, 403: errorSchema, 429: errorSchema } },
    },
    async (request, reply) => {
      // The same answer, at once, for every address: the lookup, the per-address limit and the e-mail run after.
      queueSignInRequest(ctx, request.body.email);
      return reply.code(202).send({ message: SIGN_IN_REQUESTED_MESSAGE });
    },
  );

  // The page at /account/sign-in/{token} POSTs the token here; a GET of the link consumes nothing, so mail
  // scanners that open links in advance (Outlook Safe Links, corporate gateways) cannot use it up.
  app.post(
    '/api/account/session',
    {
      onRequest: [accountCalls, requireXhr],
      schema: { body: sessionRequestSchema, response: { 200: customerSchema, 403: errorSchema, 410: errorSchema, 429: errorSchema } },
    },
    async (request, reply) => {
      const session = await openCustomerSession(ctx, request.body.token);
      if (!session) return reply.code(410).send({ error: 'GONE', message: SIGN_IN_LINK_INVALID_MESSAGE });
      // The browser keeps it as long as the session lasts; the server's expiry (stored) is what counts.
      reply.setCookie(CUSTOMER_SESSION_COOKIE, session.token, { ...cookieOptions(request), maxAge: CUSTOMER_SESSION_DAYS * 86_400 });
      return { email: session.email, expires_at: session.expiresAt };
    },
  );

  app.get('/api/account/me', { ...guarded, schema: { response: { 200: customerSchema, ...errors } } }, async (request) => {
    const { email, expiresAt } = customerOf(request);
    return { email, expires_at: expiresAt };
  });

  // No session needed: signing out twice, or with an ended session, still clears the cookie.
  app.post(
    '/api/account/sign-out',
    { onRequest: [accountCalls, requireXhr], schema: { response: { 200: signOutResponseSchema, 403: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      await closeCustomerSession(ctx, request.cookies[CUSTOMER_SESSION_COOKIE]);
      reply.clearCookie(CUSTOMER_SESSION_COOKIE, cookieOptions(request));
      return { success: true as const };
    },
  );

  app.get('/api/account/licences', { ...guarded, schema: { response: { 200: accountLicenseListSchema, ...errors } } }, async (request) =>
    listAccountLicenses(ctx, customerOf(request).email),
  );

  app.post(
    '/api/account/licences/:id/sites/:activationId/deactivate',
    {
      ...guarded,
      schema: { params: accountSiteParamsSchema, response: { 200: accountLicenseSchema, ...errors } },
    },
    async (request) => deactivateAccountSite(ctx, customerOf(request).email, request.params.id, request.params.activationId),
  );

  // Automatic renewal: on (needs a saved card) or off (docs/account.md).
  app.post(
    '/api/account/licences/:id/auto-renew',
    {
      ...guarded,
      schema: { params: accountLicenseParamsSchema, body: autoRenewBodySchema, response: { 200: autoRenewStateSchema, ...errors, 422: errorSchema } },
    },
    async (request) => setAccountAutoRenew(ctx, customerOf(request).email, request.params.id, request.body.enabled),
  );

  app.post(
    '/api/account/licences/:id/download',
    {
      ...guarded,
      schema: { params: accountLicenseParamsSchema, response: { 200: accountDownloadSchema, ...errors } },
    },
    async (request) => createAccountDownload(ctx, customerOf(request).email, request.params.id, baseUrl(request)),
  );

  app.get('/api/account/orders', { ...guarded, schema: { response: { 200: accountOrderListSchema, ...errors } } }, async (request) =>
    listAccountOrders(ctx, customerOf(request).email),
  );

  app.get(
    '/api/account/orders/:id/receipt',
    {
      ...guarded,
      schema: { params: accountOrderParamsSchema, response: { 200: receiptSchema, ...errors } },
    },
    async (request) => getAccountReceipt(ctx, customerOf(request).email, request.params.id),
  );

  // Invoices and credit notes of the customer's orders (docs/tax.md "Invoices"); the PDF is a plain link (no XHR header).
  app.get('/api/account/invoices', { ...guarded, schema: { response: { 200: invoiceListSchema, ...errors } } }, async (request) => ({
    invoices: await invoicesOfOrders(
      ctx,
      (await listAccountOrders(ctx, customerOf(request).email)).map((order) => order.id),
    ),
  }));
  app.get(
    '/api/account/invoices/:id/pdf',
    { onRequest: [accountCalls, requireCustomer], schema: { params: invoiceIdParamsSchema, response: { ...errors } } },
    async (request, reply) => sendInvoicePdf(reply, await findInvoiceOfCustomer(ctx, customerOf(request).email, request.params.id)),
  );

  // Verified-buyer reviews (docs/storefront.md, "Reviews and numbers"): the reviews module decides; the session is ours.
  app.get('/api/account/reviews', { ...guarded, schema: { response: { 200: accountReviewsSchema, ...errors } } }, async (request) =>
    listAccountReviews(ctx, customerOf(request).email),
  );
  const reviewWrites = rateLimit({ name: 'account-review-writes', max: REVIEW_WRITES_PER_IP_PER_MINUTE });
  const reviewWrite = {
    onRequest: [accountCalls, reviewWrites, requireCustomer, requireXhr],
    schema: { body: reviewInputSchema, response: { 200: accountReviewSchema, 201: accountReviewSchema, ...errors, 422: errorSchema } },
  };
  app.post('/api/account/reviews', reviewWrite, async (request, reply) =>
    reply.code(201).send(await writeReview(ctx, customerOf(request).email, request.body, 'create')),
  );
  app.put('/api/account/reviews', reviewWrite, async (request) => writeReview(ctx, customerOf(request).email, request.body, 'update'));

  // Admin (the admin guard covers /api/admin/): beside the other licence calls, hence "licenses".
  app.post(
    '/api/admin/licenses/:id/send-sign-in-link',
    {
      config: { permission: 'customers:write' },
      schema: { params: idParamsSchema, response: { 202: adminSignInLinkResponseSchema } },
    },
    async (request, reply) => {
      const email = await sendSignInLinkForLicense(ctx, request.params.id);
      const message = ctx.settings.emailLinkBase()
        ? `A sign-in link is on its way to ${email}.`
        : `A sign-in link for ${email} waits in the outbox until you set your shop's address.`;
      return reply.code(202).send({ message, email });
    },
  );

  // Sign-in work still queued when the app closes finishes first (its database is about to close).
}
