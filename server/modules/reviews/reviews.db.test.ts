import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SESSION_COOKIE } from '../../../common/account.js';
import { publicPluginListSchema, type PublicPlugin } from '../../../common/catalog.js';
import { REVIEW_BODY_MAX, REVIEW_NO_LICENSE_MESSAGE, REVIEW_TITLE_MAX, REVIEW_WRITES_PER_IP_PER_MINUTE } from '../../../common/reviews.js';
import { sha256Hex } from '../../lib/crypto.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { closeWithWebDist, makeWebDist } from '../../test/web-dist.js';
import { uploadRelease } from '../../test/admin-app.js';
import { makePluginZip } from '../../test/release-test-helpers.js';

const DEMO = 'postcode-delivery-zones';
const OWN = 'ucre'; // the seeded plugin with no stored numbers, as a vendor's own plugin starts
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe(`verified-buyer reviews and real numbers (${testDialect()})`, () => {
  let t: TestApp;
  let ipCounter = 0;
  let keyCounter = 0;
  const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  // The real page template, so the plugin page's JSON-LD is checked as the server writes it.
  const webDir = makeWebDist('pls-reviews-');

  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  });
  afterAll(async () => closeWithWebDist(t, webDir));

  const now = () => new Date().toISOString();
  /** A licence of `slug` owned by `email` (as fulfilment or an import writes one). */
  const addLicense = async (email: string | null, slug = DEMO, status = 'active') => {
    const at = now();
    return t.db
      .insertInto('licenses')
      .values({
        key: `8022-REVW-0000-0000-${String(++keyCounter).padStart(4, '0')}`,
        plugin_slug: slug,
        plan: 'lifetime',
        status,
        max_activations: 3,
        expires_at: null,
        customer_email: email,
        order_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning(['id', 'key'])
      .executeTakeFirstOrThrow();
  };
  /** A signed-in customer's headers (the session as the e-mailed link opens it: only its hash is stored). */
  const sessionOf = async (email: string) => {
    const token = `test-session-${email}-${++keyCounter}`;
    await t.db
      .insertInto('customer_sessions')
      .values({ token_hash: sha256Hex(token), email: email.toLowerCase(), created_at: now(), expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .execute();
    return { cookie: `${CUSTOMER_SESSION_COOKIE}=${token}`, ...XHR };
  };
  const write = (method: 'POST' | 'PUT', headers: Record<string, string>, payload: unknown, remoteAddress = nextIp()) =>
    t.app.inject({ method, url: '/api/account/reviews', headers, payload: payload as object, remoteAddress });
  const review = (overrides: Record<string, unknown> = {}) => ({
    plugin_slug: DEMO,
    rating: 5,
    title: 'Does what it says',
    body: 'Set up in ten minutes and it blocks the postcodes we cannot reach.',
    ...overrides,
  });
  const catalog = async (): Promise<PublicPlugin[]> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plugins/public' });
    expect(response.statusCode).toBe(200);
    return publicPluginListSchema.parse(response.json());
  };
  const pluginOf = async (slug: string) => (await catalog()).find((plugin) => plugin.slug === slug)!;
  const reviewCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const moderate = async (id: number, action: 'approve' | 'hide') =>
    t.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${action}`, headers: await t.adminHeaders() });
  const jsonLd = async (slug: string) => {
    const html = (await t.app.inject({ method: 'GET', url: `/plugin/${slug}` })).body;
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    return blocks.find((block) => block['@type'] === 'Product');
  };

  it("shows the seeded demo plugin's specification numbers, and none for a plugin without data", async () => {
    expect(await pluginOf(DEMO)).toMatchObject({
      rating: 4.8,
      review_count: 156,
      verified_rating: false,
      downloads_label: '2,500+ downloads',
      active_installs: 0,
    });
    expect(await pluginOf(OWN)).toMatchObject({ rating: 0, review_count: 0, verified_rating: false, downloads_label: '', active_installs: 0 });
    const product = await jsonLd(DEMO);
    expect(product).toBeDefined();
    expect(product.aggregateRating).toBeUndefined();
  });

  it('refuses a review without a session, without X-Requested-With, and from an address with no licence (or a revoked one)', async () => {
    expect((await write('POST', XHR, review())).statusCode).toBe(401);
    const stranger = await sessionOf('stranger@example.com');
    const noXhr = await write('POST', { cookie: stranger.cookie }, review());
    expect(noXhr.statusCode).toBe(403);
    const refused = await write('POST', stranger, review());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REVIEW_NO_LICENSE_MESSAGE);
    // A licence of another plugin does not count, nor a revoked one.
    await addLicense('stranger@example.com', OWN);
    await addLicense('stranger@example.com', DEMO, 'revoked');
    expect((await write('POST', stranger, review())).statusCode).toBe(403);
    expect((await write('POST', stranger, review({ plugin_slug: 'no-such-plugin' }))).statusCode).toBe(404);
    expect(await reviewCount()).toBe(0);
  });

  it('answers every broken limit with 422 and a message naming it, and malformed bodies with 400; nothing is written', async () => {
    await addLicense('limits@example.com');
    const buyer = await sessionOf('limits@example.com');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ rating: 0 }, /rating from 1 to 5/],
      [{ rating: 6 }, /rating from 1 to 5/],
      [{ rating: 4.5 }, /rating from 1 to 5/],
      [{ rating: -1 }, /rating from 1 to 5/],
      [{ title: '   ' }, /title/],
      [{ title: 'x'.repeat(REVIEW_TITLE_MAX + 1) }, new RegExp(`at most ${REVIEW_TITLE_MAX} characters`)],
      [{ body: 'short' }, /at least 10 characters/],
      [{ body: 'y'.repeat(REVIEW_BODY_MAX + 1) }, new RegExp(`at most ${REVIEW_BODY_MAX} characters`)],
    ];
    for (const [overrides, message] of cases) {
      const response = await write('POST', buyer, review(overrides));
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(422);
      expect(response.json().message).toMatch(message);
    }
    for (const payload of [{}, review({ rating: '5' }), review({ title: 7 }), review({ plugin_slug: '' }), review({ body: 'nul \u0000 byte here' })]) {
      expect((await write('POST', buyer, payload)).statusCode).toBe(400);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/account/reviews',
      headers: { ...buyer, 'content-type': 'application/json' },
      payload: '{"rating":',
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(await reviewCount()).toBe(0);
  });

  it('takes one review per address and plugin, pending until approved; approval makes the numbers and the JSON-LD', async () => {
    await addLicense('Jane.Buyer@Example.com'); // the licence's address in any case
    const jane = await sessionOf('jane.buyer@example.com');
    const created = await write('POST', jane, review({ rating: 5, title: '  Great  ', body: 'Line one\r\nLine two, and more text.' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ plugin_slug: DEMO, rating: 5, title: 'Great', body: 'Line one\nLine two, and more text.', status: 'pending' });
    const stored = await t.db.selectFrom('reviews').selectAll().executeTakeFirstOrThrow();
    expect(stored.email).toBe('jane.buyer@example.com');
    expect((await write('POST', jane, review())).statusCode).toBe(409);

    const mine = await t.app.inject({ method: 'GET', url: '/api/account/reviews', headers: jane, remoteAddress: nextIp() });
    expect(mine.json()).toMatchObject({ reviews: [{ id: stored.id, status: 'pending' }], reviewable: [{ slug: DEMO, name: 'Postcode Delivery Zones' }] });

    // Pending: nothing public changes.
    expect(await pluginOf(DEMO)).toMatchObject({ rating: 4.8, review_count: 156, verified_rating: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/plugins/${DEMO}/reviews` })).json()).toEqual([]);

    const approved = await moderate(stored.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', email: 'jane.buyer@example.com' });
    expect(await pluginOf(DEMO)).toMatchObject({ rating: 5, review_count: 1, verified_rating: true });
    const listed = (await t.app.inject({ method: 'GET', url: `/api/plugins/${DEMO}/reviews` })).json();
    expect(listed).toEqual([
      { id: stored.id, rating: 5, title: 'Great', body: 'Line one\nLine two, and more text.', author: 'j…@example.com', created_at: stored.created_at },
    ]);
    expect(JSON.stringify(listed)).not.toContain('jane.buyer');
    expect((await jsonLd(DEMO)).aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '5.0', reviewCount: 1, bestRating: 5, worstRating: 1 });

    const activity = await t.db
      .selectFrom('activities')
      .select(['action_type', 'details'])
      .where('action_type', '=', 'review_approved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(activity.details)).toMatchObject({ review_id: stored.id, plugin_slug: DEMO, previous_status: 'pending' });
  });

  it('averages the approved ratings to one decimal; an edit goes back to pending and a hidden review stops counting', async () => {
    const ratings: Array<[string, number]> = [
      ['ann@example.com', 4],
      ['bob@example.com', 4],
    ];
    const ids: number[] = [];
    for (const [email, rating] of ratings) {
      await addLicense(email);
      const response = await write('POST', await sessionOf(email), review({ rating }));
      expect(response.statusCode).toBe(201);
      ids.push(response.json().id);
      expect((await moderate(response.json().id, 'approve')).statusCode).toBe(200);
    }
    // 5, 4, 4 → 4.333… → 4.3
    expect(await pluginOf(DEMO)).toMatchObject({ rating: 4.3, review_count: 3, verified_rating: true });
    const authors = (await t.app.inject({ method: 'GET', url: `/api/plugins/${DEMO}/reviews` })).json().map((each: { author: string }) => each.author);
    expect(authors.sort()).toEqual(['a…@example.com', 'b…@example.com', 'j…@example.com']);

    const bob = await sessionOf('bob@example.com');
    const edited = await write('PUT', bob, review({ rating: 1, title: 'Changed my mind', body: 'It stopped working after an update.' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 1, status: 'pending' });
    expect(await pluginOf(DEMO)).toMatchObject({ rating: 4.5, review_count: 2 });
    expect((await write('PUT', await sessionOf('limits@example.com'), review())).statusCode).toBe(404);

    expect((await moderate(ids[0]!, 'hide')).statusCode).toBe(200);
    expect(await pluginOf(DEMO)).toMatchObject({ rating: 5, review_count: 1 });
    expect((await moderate(2_000_000, 'approve')).statusCode).toBe(404);

    const headers = await t.adminHeaders();
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/reviews${query}`, headers });
    expect((await list('?status=pending')).json().map((each: { email: string }) => each.email)).toEqual(['bob@example.com']);
    expect((await list('?status=hidden')).json().map((each: { email: string }) => each.email)).toEqual(['ann@example.com']);
    expect((await list(`?plugin=${OWN}`)).json()).toEqual([]);
    expect((await list('')).json()).toHaveLength(3);
    expect((await list('?status=deleted')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins/no-such-plugin/reviews' })).statusCode).toBe(404);
  });

  it('counts real downloads (a resumed one and the signature not again) and active installs (not local sites)', async () => {
    const zip = await makePluginZip(DEMO, '1.8.0');
    const upload = await uploadRelease(t, { plugin_slug: DEMO, version: '1.8.0', notes: '' }, zip);
    expect(upload.statusCode).toBe(201);
    const license = await addLicense('downloads@example.com');
    const buyer = await sessionOf('downloads@example.com');
    const link = await t.app.inject({ method: 'POST', url: `/api/account/licences/${license.id}/download`, headers: buyer, remoteAddress: nextIp() });
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url).pathname;

    expect((await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() })).statusCode).toBe(200);
    expect((await pluginOf(DEMO)).downloads_label).toBe('1 download');
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' }, remoteAddress: nextIp() })).statusCode).toBe(206);
    expect((await t.app.inject({ method: 'GET', url: `${url}.sig`, remoteAddress: nextIp() })).statusCode).toBe(200);
    expect((await pluginOf(DEMO)).downloads_label).toBe('1 download');
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' }, remoteAddress: nextIp() })).statusCode).toBe(206);
    expect((await pluginOf(DEMO)).downloads_label).toBe('2 downloads');
    await t.db.updateTable('plugins').set({ download_count: 1233 }).where('slug', '=', DEMO).execute();
    await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
    expect((await pluginOf(DEMO)).downloads_label).toBe('1,234 downloads');
    expect((await pluginOf(OWN)).downloads_label).toBe('');

    for (const site of ['https://shop-one.example.com', 'https://shop-two.example.com', 'http://localhost:8080']) {
      const activated = await t.app.inject({
        method: 'POST',
        url: '/api/v1/licenses/activate',
        remoteAddress: nextIp(),
        payload: { license_key: license.key, site_url: site, plugin_slug: DEMO },
      });
      expect(activated.json()).toMatchObject({ activated: true });
    }
    expect((await pluginOf(DEMO)).active_installs).toBe(2);
    expect((await pluginOf(OWN)).active_installs).toBe(0);
    await t.db.updateTable('licenses').set({ status: 'revoked' }).where('id', '=', license.id).execute();
    expect((await pluginOf(DEMO)).active_installs).toBe(0);
  });

  it("follows a buyer's address change and merge, and goes when the buyer is erased", async () => {
    const headers = await t.adminHeaders();
    const addCustomer = async (email: string) =>
      (
        await t.db
          .insertInto('customers')
          .values({ email, name: null, order_count: 0, license_count: 1, total_paid: 0, currencies: '', created_at: now(), updated_at: now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const emailsOf = async () =>
      (await t.db.selectFrom('reviews').select(['email', 'plugin_slug']).where('email', 'like', 'move-%').orderBy('email').execute()).map(
        (row) => `${row.email} ${row.plugin_slug}`,
      );
    for (const email of ['move-a@example.com', 'move-b@example.com']) {
      await addLicense(email);
      expect((await write('POST', await sessionOf(email), review())).statusCode).toBe(201);
    }
    await addLicense('move-a@example.com', OWN);
    expect((await write('POST', await sessionOf('move-a@example.com'), review({ plugin_slug: OWN }))).statusCode).toBe(201);
    const a = await addCustomer('move-a@example.com');
    await addCustomer('move-b@example.com');

    const changed = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${a}/change-email`, headers, payload: { email: 'move-c@example.com' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await emailsOf()).toEqual([`move-b@example.com ${DEMO}`, `move-c@example.com ${DEMO}`, `move-c@example.com ${OWN}`]);
    // Merged into b, who reviewed the demo plugin already: b's review of it stays, c's of the other plugin moves.
    const merged = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${a}/merge`, headers, payload: { email: 'move-b@example.com' } });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await emailsOf()).toEqual([`move-b@example.com ${DEMO}`, `move-b@example.com ${OWN}`]);

    const b = (await t.db.selectFrom('customers').select('id').where('email', '=', 'move-b@example.com').executeTakeFirstOrThrow()).id;
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${b}/erase`, headers, payload: { licenses: 'keep' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await emailsOf()).toEqual([]);
  });

  it('rate limits review writes per IP', async () => {
    const buyer = await sessionOf('jane.buyer@example.com');
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i <= REVIEW_WRITES_PER_IP_PER_MINUTE; i++) answers.push((await write('PUT', buyer, review({ rating: 6 }), ip)).statusCode);
    expect(answers.slice(0, REVIEW_WRITES_PER_IP_PER_MINUTE).every((status) => status === 422)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });
});
