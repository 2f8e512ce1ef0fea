import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxList, OutboxMessage } from '../../../common/outbox.js';
import { ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import type { OutgoingMessage } from './mail-transport.js';

// The admin Outbox (docs/checkout.md, "E-mail"): every message, a page at a time, filtered by kind, status and
// recipient; bodies with their sign-in and download tokens masked; a resend delivering the original to the recipient.

const SIGN_IN_LINK = /https:\/\/shop\.example\.com\/account\/sign-in\/([A-Za-z0-9_-]+)/;
const DOWNLOAD_LINK = /https:\/\/shop\.example\.com\/api\/v1\/downloads\/([^/\s"]+)\//;

describe(`admin outbox (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const sent: OutgoingMessage[] = [];
  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.body, json: () => response.json<T>() };
  };
  const ids = (list: OutboxList) => list.emails.map((email) => email.id);

  let licenceEmailId: number;
  let signInEmailId: number;
  let signInToken: string;
  let downloadToken: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { BASE_URL: 'https://shop.example.com' },
      services: { mailTransport: { kind: 'smtp', send: async (message) => void sent.push(message), close: () => undefined } },
    });
    headers = await t.adminHeaders();
    await ensureQualifyingRelease(t.db);

    // A purchase (a licence e-mail with a download link) and the admin's sign-in link for its licence.
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: 'Buyer.One@Example.com' }) });
    const clientSecret = intent.json<{ clientSecret: string }>().clientSecret;
    const paid = await t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const licence = await t.db.selectFrom('licenses').select('id').where('customer_email', '=', 'Buyer.One@Example.com').executeTakeFirstOrThrow();
    const link = await t.app.inject({ method: 'POST', url: `/api/admin/licenses/${licence.id}/send-sign-in-link`, headers });
    expect(link.statusCode).toBe(202);
    await vi.waitFor(() => expect(sent.some((message) => SIGN_IN_LINK.test(message.text))).toBe(true));
    signInToken = SIGN_IN_LINK.exec(sent.find((message) => SIGN_IN_LINK.test(message.text))!.text)![1]!;
    downloadToken = DOWNLOAD_LINK.exec(sent.find((message) => DOWNLOAD_LINK.test(message.text))!.text)![1]!;
    const rows = await t.db.selectFrom('emails').select(['id', 'kind']).orderBy('id').execute();
    licenceEmailId = rows.find((row) => row.kind === 'licence')!.id;
    signInEmailId = rows.find((row) => row.kind === 'sign_in')!.id;
    // The shop goes live (issue 41): links are masked in the outbox from now on (in test mode they show in full).
    await t.ctx.settings.setSecrets({ stripe_secret_key: 'sk_live_outbox' });
    await t.ctx.settings.setInternal({ payments_live: true });

    // 30 more, of another kind and in every state, for the filters and the pages.
    const at = new Date().toISOString();
    await t.db
      .insertInto('emails')
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          to_address: i % 3 === 0 ? `percent%${i}@example.org` : `reader${i}@example.net`,
          kind: 'newsletter',
          order_id: null,
          dedupe_key: null,
          subject: `Issue ${i}`,
          text: `Issue ${i}`,
          html: `<p>Issue ${i}</p>`,
          status: ['sent', 'outbox', 'failed'][i % 3]!,
          attempts: 1,
          last_error: i % 3 === 2 ? 'Mailbox unavailable' : null,
          created_at: at,
          updated_at: at,
          sent_at: i % 3 === 2 ? null : at,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every message newest first, a page at a time, with the total and the kinds present', async () => {
    const first = await get<OutboxList>('/api/admin/outbox');
    expect(first.status).toBe(200);
    const list = first.json();
    expect(list).toMatchObject({ total: 32, page: 1, per_page: 25, kinds: ['licence', 'newsletter', 'sign_in'] });
    expect(list.emails).toHaveLength(25);
    expect(ids(list)).toEqual([...ids(list)].sort((a, b) => b - a));
    expect(list.emails[0]).toMatchObject({ kind: 'newsletter', subject: 'Issue 29', status: 'failed', last_error: 'Mailbox unavailable' });
    // No bodies in the list.
    expect(list.emails[0]).not.toHaveProperty('text');

    const pages = await Promise.all([1, 2, 3, 4].map(async (page) => (await get<OutboxList>(`/api/admin/outbox?per_page=10&page=${page}`)).json()));
    expect(pages.map((page) => page.emails.length)).toEqual([10, 10, 10, 2]);
    expect(new Set(pages.flatMap(ids)).size).toBe(32);
    expect(pages[3]?.emails.map((email) => email.kind).sort()).toEqual(['licence', 'sign_in']);
    const beyond = (await get<OutboxList>('/api/admin/outbox?page=9')).json();
    expect(beyond).toMatchObject({ emails: [], total: 32, page: 9 });
  });

  it('filters by kind, status and part of the recipient (case-insensitive, wildcards literal)', async () => {
    const signIn = (await get<OutboxList>('/api/admin/outbox?kind=sign_in')).json();
    expect(signIn.total).toBe(1);
    expect(signIn.emails[0]).toMatchObject({ id: signInEmailId, to: 'buyer.one@example.com', kind: 'sign_in', status: 'sent' });
    expect((await get<OutboxList>('/api/admin/outbox?status=failed')).json().total).toBe(10);
    expect((await get<OutboxList>('/api/admin/outbox?kind=newsletter&status=outbox&per_page=100')).json().emails.every((e) => e.status === 'outbox')).toBe(
      true,
    );
    const buyer = (await get<OutboxList>('/api/admin/outbox?search=BUYER.one')).json();
    expect(buyer.emails.map((email) => email.kind).sort()).toEqual(['licence', 'sign_in']);
    // '%' is a character to find, not "anything".
    expect((await get<OutboxList>(`/api/admin/outbox?search=${encodeURIComponent('percent%')}`)).json().total).toBe(10);
    expect((await get<OutboxList>(`/api/admin/outbox?search=${encodeURIComponent('%')}`)).json().total).toBe(10);
    expect((await get<OutboxList>('/api/admin/outbox?kind=nothing')).json()).toMatchObject({ emails: [], total: 0 });
  });

  it('shows a body with its sign-in and download tokens masked, never the tokens', async () => {
    const signIn = await get<OutboxMessage>(`/api/admin/outbox/${signInEmailId}`);
    expect(signIn.status).toBe(200);
    expect(signIn.body).not.toContain(signInToken);
    const message = signIn.json();
    expect(message.text).toContain(`https://shop.example.com/account/sign-in/${signInToken.slice(0, 6)}…`);
    expect(message.html).toContain('/account/sign-in/');
    expect(message.subject).toMatch(/Sign in/);

    const licence = await get<OutboxMessage>(`/api/admin/outbox/${licenceEmailId}`);
    expect(licence.body).not.toContain(downloadToken);
    expect(licence.json().text).toContain('https://shop.example.com/api/v1/downloads/');
    expect(licence.json().text).toMatch(/Licence key: 8022-/);

    for (const url of ['/api/admin/outbox?per_page=100', '/api/admin/outbox?kind=sign_in']) expect((await get(url)).body).not.toContain(signInToken);
  });

  it('resends the stored original to the recipient, and shows the admin only the masked copy', async () => {
    const before = sent.length;
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${signInEmailId}/resend`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(signInToken);
    const copy = response.json<OutboxMessage>();
    expect(copy).toMatchObject({ kind: 'sign_in', to: 'buyer.one@example.com', status: 'sent', attempts: 1 });
    expect(copy.id).toBeGreaterThan(signInEmailId);
    expect(sent.slice(before)).toHaveLength(1);
    expect(sent.at(-1)?.to).toBe('buyer.one@example.com');
    expect(sent.at(-1)?.text).toContain(`https://shop.example.com/account/sign-in/${signInToken}`);
    expect((await get<OutboxList>('/api/admin/outbox?kind=sign_in')).json().total).toBe(2);

    // A licence e-mail is written afresh when it leaves: a new download link.
    const licence = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${licenceEmailId}/resend`, headers });
    expect(licence.statusCode).toBe(200);
    expect(licence.json<OutboxMessage>()).toMatchObject({ kind: 'licence', status: 'sent' });
    const delivered = sent.at(-1)!;
    expect(delivered.to).toBe('Buyer.One@Example.com');
    expect(DOWNLOAD_LINK.exec(delivered.text)?.[1]).toBeDefined();
    expect(licence.body).not.toContain(DOWNLOAD_LINK.exec(delivered.text)?.[1]);
  });

  it('answers bad input with a 400 naming the problem, an unknown message with a 404, and a stranger with a 401', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['per_page=101', 'per_page'],
      ['status=bogus', 'status'],
      ['kind=DROP%20TABLE', 'kind'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const response = await get<{ message: string; details: { fields: Array<{ field: string }> } }>(`/api/admin/outbox?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json().details.fields.map((f) => f.field)).toContain(field);
    }
    expect((await get('/api/admin/outbox/abc')).status).toBe(400);
    expect((await get('/api/admin/outbox/0')).status).toBe(400);
    const missing = await get<{ message: string }>('/api/admin/outbox/999999');
    expect([missing.status, missing.json().message]).toEqual([404, 'E-mail 999999 was not found']);
    const resendMissing = await t.app.inject({ method: 'POST', url: '/api/admin/outbox/999999/resend', headers });
    expect(resendMissing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${signInEmailId}/resend` })).statusCode).toBe(401);
  });
});
