import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createAppWithEndpoint, lemonSqueezyOrderPaid, maxId } from '../../test/shop-fixtures.js';
import { signInWorkSettled } from '../account/index.js';
import { CUSTOMER_SESSION_COOKIE } from '../../../common/account.js';
import type { CustomerDetail, CustomerList } from '../../../common/customers.js';

const PLUGIN = 'postcode-delivery-zones';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;

describe(`customer actions (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let events = 0;

  const pay = async (email: string) => {
    const ref = `act-${++events}`;
    const orderId = await lemonSqueezyOrderPaid(t.ctx, ref, { email, pluginSlug: PLUGIN });
    return t.db.selectFrom('licenses').select(['id', 'key']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  };
  const customerId = async (email: string) => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/customers?search=${encodeURIComponent(email)}`, headers })).json<CustomerList>();
    return list.customers.find((customer) => customer.email === email)?.id;
  };
  const admin = (url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const count = async (table: 'activities' | 'emails' | 'webhook_deliveries' | 'orders', where?: [string, string]) => {
    let query = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's loose filter
    if (where) query = query.where(where[0] as any, '=', where[1]);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  /** Signs the address in through its e-mailed link; answers the account's cookie header. */
  const signIn = async (email: string) => {
    const before = await maxId(t.db, 'emails');
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-in', headers: XHR, payload: { email } })).statusCode).toBe(202);
    await signInWorkSettled(t.ctx);
    const row = await t.db
      .selectFrom('emails')
      .select('text')
      .where('kind', '=', 'sign_in')
      .where('to_address', '=', email)
      .where('id', '>', before)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = LINK.exec(row.text)?.[1];
    const session = await t.app.inject({ method: 'POST', url: '/api/account/session', headers: XHR, payload: { token } });
    expect(session.statusCode, session.body).toBe(200);
    const cookie = session.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE);
    return { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie?.value}`, ...XHR };
  };
  const accountKeys = async (cookie: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/licences', headers: cookie })).json<Array<{ key: string }>>().map((license) => license.key);

  beforeAll(async () => {
    ({ t, headers } = await createAppWithEndpoint());
  });
  afterAll(async () => t.close());

  it('transfers a licence: the key stays, the old owner gets 404 for it, both are told, one activity and one event', async () => {
    const license = await pay('olive@example.com');
    const kept = await pay('olive@example.com');
    const olive = await signIn('olive@example.com');
    expect(await accountKeys(olive)).toEqual(expect.arrayContaining([license.key, kept.key]));
    const id = (await customerId('olive@example.com')) as number;

    const bad = await admin(`/api/admin/customers/${id}/licenses/${license.id}/transfer`, { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    const moved = await admin(`/api/admin/customers/${id}/licenses/${license.id}/transfer`, { email: 'Pete@Example.com' });
    expect(moved.statusCode, moved.body).toBe(200);

    expect((await t.db.selectFrom('licenses').select(['key', 'customer_email']).where('id', '=', license.id).executeTakeFirstOrThrow()).key).toBe(license.key);
    expect(await accountKeys(olive)).toEqual([kept.key]);
    for (const url of [`/api/account/licences/${license.id}/download`, `/api/account/licences/${license.id}/sites/1/deactivate`]) {
      expect((await t.app.inject({ method: 'POST', url, headers: olive })).statusCode, url).toBe(404);
    }
    const pete = await signIn('pete@example.com');
    expect(await accountKeys(pete)).toEqual([license.key]);
    expect(await count('emails', ['to_address', 'pete@example.com'])).toBeGreaterThanOrEqual(2); // the notice and the sign-in link
    expect(await count('emails', ['kind', 'customer_notice'])).toBe(2);
    expect(await count('activities', ['action_type', 'license_transferred'])).toBe(1);
    expect(await count('webhook_deliveries', ['event_type', 'license.transferred'])).toBe(1);
    const page = (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${id}`, headers })).json<CustomerDetail>();
    expect(page.license_count).toBe(1);

    // A revoked licence cannot be transferred; nothing changes.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${kept.id}`, headers })).statusCode).toBe(200);
    const refused = await admin(`/api/admin/customers/${id}/licenses/${kept.id}/transfer`, { email: 'pete@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(await count('activities', ['action_type', 'license_transferred'])).toBe(1);
    // Another customer's licence is not this customer's to transfer.
    expect((await admin(`/api/admin/customers/${id}/licenses/${license.id}/transfer`, { email: 'x@example.com' })).statusCode).toBe(404);
  });

  it('changes the e-mail (orders and licences follow, both told); a used address is a 409 offering the merge, which merges', async () => {
    const license = await pay('quinn@example.com');
    await pay('rose@example.com');
    const id = (await customerId('quinn@example.com')) as number;
    const roseId = (await customerId('rose@example.com')) as number;
    const quinn = await signIn('quinn@example.com');
    // The sign-in is on the customer's timeline.
    const page = (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${id}`, headers })).json<CustomerDetail>();
    expect(page.timeline[0]).toMatchObject({ action_type: 'customer_signed_in', details: { email: 'quinn@example.com' } });

    for (const email of ['', 'nope', 'a@b']) expect((await admin(`/api/admin/customers/${id}/change-email`, { email })).statusCode, email).toBe(400);
    const used = await admin(`/api/admin/customers/${id}/change-email`, { email: 'ROSE@example.com' });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ details: { merge_with: roseId } });
    expect(await customerId('quinn@example.com')).toBe(id);

    const notices = await count('emails', ['kind', 'customer_notice']);
    const changed = await admin(`/api/admin/customers/${id}/change-email`, { email: 'Quinn.New@Example.com' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ customer_id: id });
    expect(await count('emails', ['kind', 'customer_notice'])).toBe(notices + 2);
    expect(await count('orders', ['email', 'quinn@example.com'])).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/licences', headers: quinn })).statusCode).toBe(401); // the old address's session ended
    expect(await accountKeys(await signIn('quinn.new@example.com'))).toEqual([license.key]);
    expect(await count('webhook_deliveries', ['event_type', 'customer.updated'])).toBe(1);

    const merged = await admin(`/api/admin/customers/${id}/merge`, { email: 'rose@example.com' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ customer_id: roseId });
    expect(await customerId('quinn.new@example.com')).toBeUndefined();
    const rose = (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${roseId}`, headers })).json<CustomerDetail>();
    expect(rose).toMatchObject({ order_count: 2, license_count: 2 });
    expect((await admin(`/api/admin/customers/${roseId}/merge`, { email: 'nobody@example.com' })).statusCode).toBe(404);
  });

  it('sends a sign-in link and resends the licence e-mail, each with its activity entry', async () => {
    const license = await pay('sam@example.com');
    const id = (await customerId('sam@example.com')) as number;
    expect((await admin(`/api/admin/customers/${id}/send-sign-in-link`)).statusCode).toBe(200);
    await signInWorkSettled(t.ctx);
    expect(await count('emails', ['to_address', 'sam@example.com'])).toBe(2);
    expect(await count('activities', ['action_type', 'customer_sign_in_link_sent'])).toBe(1);
    expect((await admin(`/api/admin/customers/${id}/licenses/${license.id}/resend-email`)).statusCode).toBe(200);
    expect(await count('activities', ['action_type', 'license_email_resent'])).toBe(1);
    expect(await count('emails', ['to_address', 'sam@example.com'])).toBe(3);
    expect((await admin(`/api/admin/customers/999999/send-sign-in-link`)).statusCode).toBe(404);
    // A revoked licence's e-mail (download link included) is not sent again.
    await t.db.updateTable('licenses').set({ status: 'revoked' }).where('id', '=', license.id).execute();
    const revoked = await admin(`/api/admin/customers/${id}/licenses/${license.id}/resend-email`);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toBe(`License ${license.key} is revoked, so its licence e-mail is not sent again`);
    expect(await count('emails', ['to_address', 'sam@example.com'])).toBe(3);
  });

  it('exports everything held, and erases: refused with a pending payment; orders keep amounts; licences revoked or kept', async () => {
    const license = await pay('tess@example.com');
    const id = (await customerId('tess@example.com')) as number;
    await t.app.inject({ method: 'PATCH', url: `/api/admin/customers/${id}`, headers, payload: { name: 'Tess T', note: 'call first' } });
    const exported = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${id}/export`, headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json()).toMatchObject({ customer: { email: 'tess@example.com', name: 'Tess T', note: 'call first', licenses: [{ key: license.key }] } });

    const now = new Date().toISOString();
    await t.db
      .insertInto('orders')
      .values({
        email: 'Tess@example.com',
        plugin_slug: PLUGIN,
        amount: 4900,
        currency: 'GBP',
        status: 'pending',
        provider: 'test',
        provider_ref: 'tess-pending',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await admin(`/api/admin/customers/${id}/erase`, { licenses: 'revoke' })).statusCode).toBe(409);
    expect((await admin(`/api/admin/customers/${id}/erase`, { licenses: 'maybe' })).statusCode).toBe(400);
    expect(await customerId('tess@example.com')).toBe(id);
    await t.db.deleteFrom('orders').where('provider_ref', '=', 'tess-pending').execute();

    const erased = await admin(`/api/admin/customers/${id}/erase`, { licenses: 'revoke' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await customerId('tess@example.com')).toBeUndefined();
    const orders = await t.db.selectFrom('orders').select(['email', 'amount', 'paid_at']).where('license_id', '=', license.id).execute();
    expect(orders).toEqual([{ email: `erased-customer-${id}@invalid`, amount: 4900, paid_at: expect.any(String) }]);
    const row = await t.db.selectFrom('licenses').select(['status', 'customer_email']).where('id', '=', license.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'revoked', customer_email: null });
    const details = await t.db.selectFrom('activities').select('details').execute();
    expect(details.some((entry) => entry.details.toLowerCase().includes('tess@example.com'))).toBe(false);
    expect(await count('emails', ['to_address', 'tess@example.com'])).toBe(0);
    expect(await count('activities', ['action_type', 'customer_erased'])).toBe(1);

    // Kept: the licence stays active, without an owner.
    const kept = await pay('uma@example.com');
    const uma = (await customerId('uma@example.com')) as number;
    expect((await admin(`/api/admin/customers/${uma}/erase`, { licenses: 'keep' })).statusCode).toBe(200);
    expect(await t.db.selectFrom('licenses').select(['status', 'customer_email']).where('id', '=', kept.id).executeTakeFirstOrThrow()).toEqual({
      status: 'active',
      customer_email: null,
    });
  });
});
