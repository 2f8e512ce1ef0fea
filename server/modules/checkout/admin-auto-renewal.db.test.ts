import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { AUTO_RENEW_OFF, MAX_AUTO_RENEWAL_IDS, type AutoRenewalsAnswer, type AutoRenewState } from '../../../common/auto-renewal.js';

// The admin's side of automatic renewal (docs/pricing.md "Automatic renewal"): the licence list's one request for the
// states of its licences (GET /api/admin/licenses/auto-renewals?ids=), and the admin's switch, off only
// (POST /api/admin/licenses/:id/auto-renewal). The rows are written here directly; auto-renewal.db.test.ts makes them
// through a checkout.
const BATCH = '/api/admin/licenses/auto-renewals';

describe(`admin automatic renewal (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let on: number;
  let off: number;
  let none: number;
  let failing: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminHeaders();
    const createLicense = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/licenses',
        headers: admin,
        payload: { plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    [on, off, none, failing] = [await createLicense(), await createLicense(), await createLicense(), await createLicense()];
    const at = new Date().toISOString();
    // Every row with the same columns: a multi-row insert on SQLite has no DEFAULT for a missing one.
    const row = {
      provider: 'test',
      customer_ref: null,
      payment_method_ref: '4242424242424242',
      attempts: 0,
      next_attempt_at: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    };
    await t.db
      .insertInto('license_auto_renewals')
      .values([
        { ...row, license_id: on, enabled: 1 },
        { ...row, license_id: off, enabled: 0, last_error: 'card_declined: Your card was declined.' },
        { ...row, license_id: failing, enabled: 1, attempts: 2, next_attempt_at: '2030-01-04T00:00:00.000Z', last_error: 'card_declined: declined' },
      ])
      .execute();
  });
  afterAll(async () => t.close());

  const batch = (ids: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url: `${BATCH}?ids=${ids}`, headers });
  const switchOff = (id: number, enabled: unknown = false, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/licenses/${id}/auto-renewal`, headers, payload: { enabled } });
  const disabledEntries = async (licenseId: number) =>
    (await t.db.selectFrom('activities').selectAll().where('action_type', '=', 'auto_renew_disabled').orderBy('id').execute())
      .map((row) => JSON.parse(row.details) as { license_id: number; license_key?: string; by: string })
      .filter((details) => details.license_id === licenseId);

  it('answers the states of several licences in one request, in id order; unknown ids are absent', async () => {
    const response = await batch(`${none},${on},999999,${off},${failing},${on}`);
    expect(response.statusCode, response.body).toBe(200);
    const { auto_renewals } = response.json<AutoRenewalsAnswer>();
    expect(auto_renewals.map((state) => state.license_id)).toEqual([on, off, none, failing]);
    const byId = new Map(auto_renewals.map(({ license_id, ...state }) => [license_id, state]));
    expect(byId.get(on)).toEqual({ enabled: true, card_saved: true, provider: 'test', failed_attempts: 0, next_attempt_at: null, last_error: null });
    expect(byId.get(off)).toEqual({
      enabled: false,
      card_saved: true,
      provider: 'test',
      failed_attempts: 0,
      next_attempt_at: null,
      last_error: 'card_declined: Your card was declined.',
    });
    expect(byId.get(none)).toEqual(AUTO_RENEW_OFF);
    expect(byId.get(failing)).toMatchObject({ enabled: true, failed_attempts: 2, next_attempt_at: '2030-01-04T00:00:00.000Z' });
    // The same state as the per-licence route, which still answers.
    for (const id of [on, off, none, failing]) {
      const single = await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${id}/auto-renewal`, headers: admin });
      expect(single.statusCode).toBe(200);
      expect(single.json<AutoRenewState>()).toEqual(byId.get(id));
    }
    const unknown = await batch('999998,999999');
    expect(unknown.json()).toEqual({ auto_renewals: [] });
  });

  it(`takes up to ${MAX_AUTO_RENEWAL_IDS} ids, spaces and a trailing comma allowed`, async () => {
    const ids = [on, ...Array.from({ length: MAX_AUTO_RENEWAL_IDS - 1 }, (_, i) => 500_000 + i)];
    const response = await batch(ids.join(','));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AutoRenewalsAnswer>().auto_renewals.map((state) => state.license_id)).toEqual([on]);
    const loose = await batch(encodeURIComponent(` ${off} , ${on},`));
    expect(loose.json<AutoRenewalsAnswer>().auto_renewals.map((state) => state.license_id)).toEqual([on, off]);
  });

  it.each([
    ['a non-numeric id', '12,abc', /"abc" is not a licence id/],
    ['a fraction', '1.5', /"1\.5" is not a licence id/],
    ['zero', '0', /"0" is not a licence id/],
    ['an id above the largest', '2147483648', /is not a licence id/],
    ['an empty list', '', /ids is empty/],
    ['only commas', ',,', /ids is empty/],
    ['more than 100 ids', Array.from({ length: MAX_AUTO_RENEWAL_IDS + 1 }, (_, i) => i + 1).join(','), /ids lists 101 licence ids; at most 100/],
  ])('answers 400 for %s', async (_name, ids, message) => {
    const response = await batch(ids);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('answers 400 without ids, and does not take the path for a licence id; GET /api/admin/licenses/:id still answers', async () => {
    const missing = await t.app.inject({ method: 'GET', url: BATCH, headers: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/ids is required: licence ids separated by commas/);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${on}`, headers: admin });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ id: number }>().id).toBe(on);
  });

  it('refuses strangers as the admin guard does', async () => {
    expect((await batch(String(on), {})).statusCode).toBe(401);
    expect((await batch(String(on), { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    expect((await switchOff(on, false, {})).statusCode).toBe(401);
    // A signed-in browser's mutation without X-Requested-With (a cross-site form) is refused.
    expect((await switchOff(on, false, { cookie: admin.cookie! })).statusCode).toBe(403);
    const still = await t.db.selectFrom('license_auto_renewals').select('enabled').where('license_id', '=', on).executeTakeFirstOrThrow();
    expect(still.enabled).toBe(1);
  });

  it('lets the admin switch it off, records who did, and a second switch-off changes nothing', async () => {
    const first = await switchOff(on);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AutoRenewState>()).toMatchObject({ enabled: false, card_saved: true, next_attempt_at: null });
    const key = (await t.db.selectFrom('licenses').select('key').where('id', '=', on).executeTakeFirstOrThrow()).key;
    expect(await disabledEntries(on)).toEqual([{ license_id: on, license_key: key, by: 'admin' }]);
    const listed = await batch(String(on));
    expect(listed.json<AutoRenewalsAnswer>().auto_renewals[0]).toMatchObject({ license_id: on, enabled: false });

    const second = await switchOff(on);
    expect(second.statusCode).toBe(200);
    expect(second.json<AutoRenewState>()).toMatchObject({ enabled: false });
    expect(await disabledEntries(on)).toHaveLength(1);

    // A licence without automatic renewal: off already, nothing recorded.
    const without = await switchOff(none);
    expect(without.json()).toEqual(AUTO_RENEW_OFF);
    expect(await disabledEntries(none)).toEqual([]);
    expect((await switchOff(999999)).statusCode).toBe(404);
  });

  it('records one change when two switch-offs arrive together', async () => {
    const answers = await Promise.all([switchOff(failing), switchOff(failing)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await disabledEntries(failing)).toHaveLength(1);
  });

  it('refuses to switch it on: the buyer does that from their account', async () => {
    const refused = await switchOff(off, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(
      /Only the buyer can turn automatic renewal on, from their account, since it charges their saved card/,
    );
    const row = await t.db.selectFrom('license_auto_renewals').select('enabled').where('license_id', '=', off).executeTakeFirstOrThrow();
    expect(row.enabled).toBe(0);
    const enabledEntries = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'auto_renew_enabled').execute();
    expect(enabledEntries.filter((entry) => (JSON.parse(entry.details) as { license_id: number }).license_id === off)).toEqual([]);
    expect((await switchOff(off, 'yes')).statusCode).toBe(400);
  });
});
