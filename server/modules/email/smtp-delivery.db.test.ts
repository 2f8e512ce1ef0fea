import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';
import { retryDueEmails } from './email.service.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a free port; it can be told to refuse messages. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(`licence e-mail over SMTP (${testDialect()})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Shop <shop@example.com>', BASE_URL: 'https://shop.example.com' } });
    await ensureQualifyingRelease(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const buy = async (email: string) => {
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) });
    expect(intent.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      payload: { clientSecret: intent.json().clientSecret, cardNumber: '4242424242424242' },
    });
    expect(confirm.json()).toEqual({ status: 'succeeded' });
  };

  it('delivers the licence e-mail by SMTP, and its key activates through the licence API', async () => {
    await buy('smtp-buyer@example.com');
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0] as Received;
    expect(message.to).toEqual(['smtp-buyer@example.com']);
    expect(message.from).toBe('shop@example.com');
    expect(message.data).toMatch(/Subject: Your Postcode Delivery Zones licence key/);
    expect(message.data).toMatch(/multipart\/alternative/);
    expect(message.data).toContain('https://shop.example.com/api/v1/downloads/');
    const key = /Licence key: (8022(?:-[A-Z0-9]{4}){4})/.exec(message.data)?.[1];
    expect(key).toBeDefined();

    const activation = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url: 'https://www.customer-shop.co.uk/', plugin_slug: 'postcode-delivery-zones' },
    });
    expect(activation.statusCode).toBe(200);
    expect(activation.json()).toMatchObject({ activated: true, code: 'VALID', license: { plan: 'lifetime', max_activations: 3 } });

    const [order] = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: await t.adminHeaders() })).json<Array<{ email_status: string }>>();
    expect(order?.email_status).toBe('sent');
  });

  it('records a failed send, keeps the paid order, and the retry delivers it later', async () => {
    smtp.state.refuse = true;
    await buy('retry-buyer@example.com');
    const headers = await t.adminHeaders();
    const [order] = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).json<
      Array<{ id: number; status: string; email_status: string }>
    >();
    expect(order).toMatchObject({ status: 'paid', email_status: 'failed' });
    const [failed] = (await t.app.inject({ method: 'GET', url: `/api/admin/emails?order_id=${order?.id}`, headers })).json<
      Array<{ last_error: string; attempts: number }>
    >();
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining('Mailbox unavailable') });

    smtp.state.refuse = false;
    const attempted = await retryDueEmails(t.ctx, new Date(Date.now() + 120_000));
    expect(attempted).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes('retry-buyer@example.com'))).toHaveLength(1);
    const [after] = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).json<Array<{ email_status: string }>>();
    expect(after?.email_status).toBe('sent');
    // Nothing is due any more: a second retry sends nothing twice.
    expect(await retryDueEmails(t.ctx, new Date(Date.now() + 240_000))).toBe(0);
  });

  it('delivers a message a crash left pending or mid-send, once', async () => {
    await buy('crash-buyer@example.com');
    const [order] = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: await t.adminHeaders() })).json<Array<{ id: number }>>();
    const longAgo = new Date(Date.now() - 3_600_000).toISOString();
    // As if the process died after commit (pending) and during a send (sending).
    await t.db
      .updateTable('emails')
      .set({ status: 'sending', updated_at: longAgo })
      .where('order_id', '=', order?.id as number)
      .execute();
    await t.db
      .insertInto('emails')
      .values({
        to_address: 'crash-buyer@example.com',
        kind: 'licence',
        order_id: order?.id as number,
        dedupe_key: null,
        subject: '',
        text: '',
        html: '',
        status: 'pending',
        attempts: 0,
        created_at: longAgo,
        updated_at: longAgo,
      })
      .execute();
    const before = smtp.received.filter((m) => m.to.includes('crash-buyer@example.com')).length;
    expect(await retryDueEmails(t.ctx)).toBe(2);
    expect(smtp.received.filter((m) => m.to.includes('crash-buyer@example.com'))).toHaveLength(before + 2);
    expect(await retryDueEmails(t.ctx)).toBe(0);
  });

  it('resends the licence e-mail on request', async () => {
    const headers = await t.adminHeaders();
    const [order] = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).json<Array<{ id: number }>>();
    const before = smtp.received.length;
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order?.id}/resend-email`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: { status: 'sent' } });
    expect(smtp.received).toHaveLength(before + 1);
  });
});
