import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { lemonSqueezyOrderPaid } from '../../test/shop-fixtures.js';
import type { CustomerDetail, CustomerList } from '../../../common/customers.js';

const PLUGIN = 'postcode-delivery-zones';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe(`customer page (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;

  const customerId = async (email: string) => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/customers?search=${encodeURIComponent(email)}`, headers })).json<CustomerList>();
    const found = list.customers.find((customer) => customer.email === email);
    expect(found, email).toBeDefined();
    return (found as { id: number }).id;
  };
  const detail = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CustomerDetail>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    await lemonSqueezyOrderPaid(t.ctx, 'page-1', { email: 'Page.Buyer@Example.com', pluginSlug: PLUGIN });
  });
  afterAll(async () => t.close());

  it('shows the orders, licences with their sites, e-mails with tokens masked and the timeline', async () => {
    const id = await customerId('page.buyer@example.com');
    const license = await t.db.selectFrom('licenses').select(['id', 'key']).where('customer_email', '=', 'Page.Buyer@Example.com').executeTakeFirstOrThrow();
    const activate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: license.key, site_url: 'https://shop.example.co.uk', plugin_slug: PLUGIN },
    });
    expect(activate.json()).toMatchObject({ activated: true });
    // A sign-in link the customer asked for: its token is masked on the page.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/account/sign-in', headers: XHR, payload: { email: 'page.buyer@example.com' } });
    expect(signIn.statusCode).toBe(202);
    await expect.poll(async () => (await t.db.selectFrom('emails').select('id').where('kind', '=', 'sign_in').execute()).length, { timeout: 5000 }).toBe(1);
    const stored = await t.db.selectFrom('emails').select('text').where('kind', '=', 'sign_in').executeTakeFirstOrThrow();
    const token = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/.exec(stored.text)?.[1];
    expect(token).toBeDefined();

    const page = await detail(id);
    expect(page).toMatchObject({ email: 'page.buyer@example.com', order_count: 1, license_count: 1, total_paid: 4900, note: '' });
    expect(page.orders).toEqual([expect.objectContaining({ amount: 4900, status: 'paid', license_key: license.key })]);
    expect(page.licenses).toEqual([
      expect.objectContaining({
        id: license.id,
        key: license.key,
        plan: 'lifetime',
        tier: null,
        status: 'active',
        sites: [expect.objectContaining({ site_url: 'shop.example.co.uk' })],
      }),
    ]);
    const signInEmail = page.emails.find((email) => email.kind === 'sign_in');
    expect(signInEmail?.text).toContain('/account/sign-in/');
    expect(signInEmail?.text).not.toContain(token);
    expect(page.emails.some((email) => email.kind === 'licence')).toBe(true);
    expect(page.timeline.map((entry) => entry.action_type)).toEqual(expect.arrayContaining(['order_paid', 'license_created', 'license_activated']));

    // A licence sold from a tier names it.
    const tier = await t.db.selectFrom('plugin_prices').select(['id', 'name']).where('plugin_slug', '=', PLUGIN).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('licenses').set({ price_id: tier.id }).where('id', '=', license.id).execute();
    expect((await detail(id)).licenses[0]?.tier).toBe(tier.name);
  });

  it('keeps a private note and a name; the name is searchable; bad input changes nothing', async () => {
    const id = await customerId('page.buyer@example.com');
    const patch = (payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/customers/${id}`, headers, payload: payload as Record<string, unknown> });
    const saved = await patch({ name: 'Paige Buyer', note: 'Prefers e-mail; VIP' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Paige Buyer', note: 'Prefers e-mail; VIP' });
    expect((await detail(id)).timeline[0]).toMatchObject({ action_type: 'customer_updated' });
    const found = (await t.app.inject({ method: 'GET', url: '/api/admin/customers?search=paige', headers })).json<CustomerList>();
    expect(found.customers.map((customer) => customer.id)).toEqual([id]);

    for (const bad of [{}, { note: 'x'.repeat(5001) }, { name: 'x'.repeat(201) }, { note: 5 }, { email: 'other@example.com' }]) {
      expect((await patch(bad)).statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    expect(await detail(id)).toMatchObject({ name: 'Paige Buyer', note: 'Prefers e-mail; VIP' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers/999999', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/admin/customers/999999', headers, payload: { note: 'x' } })).statusCode).toBe(404);
  });
});
