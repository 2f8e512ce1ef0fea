import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startFakeStripeApi, type FakeStripeApi } from '../../test/fake-stripe-api.js';

// Issue 41: SMTP entered on the E-mail page, a test e-mail through a real SMTP server with its answer, e-mails kept
// meanwhile sent once it works; the outbox in full while testing; two instances on one database, no restart.

const SMTP_PASSWORD = 'smtp-password-h41-secret';

async function startSmtpSink() {
  const received: Array<{ to: string[]; data: string; user: string | undefined }> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'shop' && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8'), user: session.user as string });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe(`E-mail page and two instances (${testDialect()})`, () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let stripe: FakeStripeApi;
  let headersA: Record<string, string>;
  let headersB: Record<string, string>;
  let keptId: number;
  const answers: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    stripe = await startFakeStripeApi();
    const env = { STRIPE_API_URL: `http://127.0.0.1:${stripe.port}` };
    a = await createTestApp({ env });
    b = await createTestApp({ env, testDb: a.testDb, ownsDb: false });
    headersA = await a.adminHeaders();
    headersB = await b.adminHeaders();
    const at = new Date().toISOString();
    // A message kept while nothing could leave, with a sign-in link.
    const row = await a.db
      .insertInto('emails')
      .values({
        to_address: 'buyer@example.com',
        kind: 'sign_in',
        order_id: null,
        dedupe_key: null,
        subject: 'Your sign-in link',
        text: 'Sign in: http://localhost/account/sign-in/tok_h41_full_sign_in_token_value',
        html: '<a href="http://localhost/account/sign-in/tok_h41_full_sign_in_token_value">Sign in</a>',
        status: 'outbox',
        attempts: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    keptId = row.id;
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
    await stripe.close();
  });

  it('shows e-mails in full in the outbox while test payments are on', async () => {
    const message = (await a.app.inject({ method: 'GET', url: `/api/admin/outbox/${keptId}`, headers: headersA })).json();
    expect(message.links_masked).toBe(false);
    expect(message.text).toContain('/account/sign-in/tok_h41_full_sign_in_token_value');
  });

  it('saves SMTP on one instance; the other sends the test through it within seconds, and the kept e-mail leaves', async () => {
    const empty = (await a.app.inject({ method: 'GET', url: '/api/admin/email-setup', headers: headersA })).json();
    expect(empty).toMatchObject({ source: null, waiting: 1, test: null });
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/email-setup',
      headers: headersA,
      payload: { host: '127.0.0.1', port: smtp.port, security: 'none', user: 'shop', password: SMTP_PASSWORD, sender: 'shop@example.com' },
    });
    answers.push(saved.body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().password).toEqual({ is_set: true, last4: 'cret', source: 'admin' });
    await until(async () => (await b.app.inject({ method: 'GET', url: '/api/admin/email-setup', headers: headersB })).json().source === 'admin');
    const test = await b.app.inject({ method: 'POST', url: '/api/admin/email-setup/test', headers: headersB });
    answers.push(test.body);
    expect(test.json()).toMatchObject({ ok: true, released: 1 });
    expect(test.json().answer).toMatch(/^250 /);
    expect(smtp.received.map((message) => message.user)).toEqual(['shop', 'shop']);
    expect(smtp.received.some((message) => message.data.includes('tok_h41_full_sign_in_token_value'))).toBe(true);
    // The checklist's E-mail step ticks on the other instance too, from the delivered test.
    const emailStep = async () =>
      (await a.app.inject({ method: 'GET', url: '/api/admin/setup-checklist', headers: headersA }))
        .json()
        .steps.find((step: { id: string }) => step.id === 'email');
    await until(async () => (await emailStep()).done === true);
  });

  it('reports the server refusing, in its own words', async () => {
    await a.app.inject({ method: 'PUT', url: '/api/admin/email-setup', headers: headersA, payload: { password: 'wrong-password-value' } });
    const test = (await a.app.inject({ method: 'POST', url: '/api/admin/email-setup/test', headers: headersA })).json();
    expect(test.ok).toBe(false);
    expect(test.answer).toMatch(/535/);
  });

  it('Stripe keys saved on one instance take payments on the other without a restart', async () => {
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/payment-setup',
      headers: headersA,
      payload: { stripe_secret_key: 'sk_test_fake', stripe_publishable_key: 'pk_test_fake' },
    });
    answers.push(put.body);
    await until(async () => (await b.app.inject({ method: 'GET', url: '/api/checkout/config' })).json().provider === 'stripe');
    const view = (await b.app.inject({ method: 'GET', url: '/api/admin/payment-setup', headers: headersB })).json();
    expect(view.stripe.secret_key).toEqual({ is_set: true, last4: 'fake', source: 'admin' });
    answers.push(JSON.stringify(view));
  });

  it('masks links in the outbox once payments are live', async () => {
    await a.ctx.settings.setInternal({ payments_live: true });
    await a.app.inject({
      method: 'PUT',
      url: '/api/admin/payment-setup',
      headers: headersA,
      payload: { stripe_secret_key: 'sk_live_fake', stripe_publishable_key: 'pk_live_fake' },
    });
    const message = (await a.app.inject({ method: 'GET', url: `/api/admin/outbox/${keptId}`, headers: headersA })).json();
    expect(message.links_masked).toBe(true);
    expect(message.text).not.toContain('tok_h41_full_sign_in_token_value');
    const all = answers.join('\n');
    for (const secret of [SMTP_PASSWORD, 'sk_test_fake', 'sk_live_fake']) expect(all).not.toContain(secret);
  });
});
