import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CONFIRMED_ORIGIN, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { createAdminLicense, createAppWithEndpoint } from '../../test/shop-fixtures.js';

// Renewal reminders and license.expired (issue 26, docs/renewal-reminders.md): the clock moves through the
// schedule; each step is one e-mail, once, whatever the instances and restarts.
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe(`renewal reminders (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ({ t, headers: admin } = await createAppWithEndpoint(['license.expired']));
  });
  afterAll(async () => t.close());

  /** A yearly licence of `email` expiring `days` from now (real time: the worker's clock then moves). */
  async function license(email: string, days = 40): Promise<{ id: number; key: string; expiresAt: number }> {
    const { id, key } = await createAdminLicense(t, admin, { plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly', customer_email: email });
    const expiresAt = Math.floor((Date.now() + days * DAY) / 1000) * 1000;
    await patch(id, { expires_at: new Date(expiresAt).toISOString() });
    return { id, key, expiresAt };
  }
  const patch = async (id: number, payload: object) => {
    const response = await t.app.inject({ method: 'PATCH', url: `/api/admin/licenses/${id}`, headers: admin, payload });
    expect(response.statusCode, response.body).toBe(200);
  };
  const reminders = (email: string) =>
    t.db.selectFrom('emails').selectAll().where('kind', '=', 'renewal_reminder').where('to_address', '=', email).orderBy('id').execute();
  const expiredEvents = async (licenseId: number) => {
    const rows = await t.db.selectFrom('webhook_deliveries').select('body').where('event_type', '=', 'license.expired').execute();
    return rows.filter((row) => (JSON.parse(row.body) as { data: { id: number } }).data.id === licenseId).length;
  };
  const runAt = async (app: TestApp, at: number) => {
    app.ctx.renewalReminders.now = () => new Date(at);
    await app.ctx.renewalReminders.runNow();
  };

  it('sends exactly one e-mail per step as the clock moves through the schedule, and license.expired once', async () => {
    const email = 'walk@example.com';
    const { id, key, expiresAt: e } = await license(email);
    const steps: Array<[number, number, number]> = [
      // [clock, reminders so far, expired events so far]
      [e - 31 * DAY, 0, 0],
      [e - 30 * DAY + HOUR, 1, 0],
      [e - 30 * DAY + 2 * HOUR, 1, 0],
      [e - 20 * DAY, 1, 0],
      [e - 7 * DAY + HOUR, 2, 0],
      [e - 6 * DAY, 2, 0],
      [e + HOUR, 3, 1],
      [e + 3 * DAY, 3, 1],
      [e + 7 * DAY + HOUR, 4, 1],
      [e + 7 * DAY + 2 * HOUR, 4, 1],
      [e + 30 * DAY, 4, 1],
    ];
    for (const [at, count, expired] of steps) {
      await runAt(t, at);
      expect((await reminders(email)).length, `reminders at ${new Date(at).toISOString()}`).toBe(count);
      expect(await expiredEvents(id), `expired events at ${new Date(at).toISOString()}`).toBe(expired);
    }
    const sent = await reminders(email);
    expect(sent.map((row) => row.status)).toEqual(['outbox', 'outbox', 'outbox', 'outbox']);
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(e));
    expect(sent[0]!.subject).toBe(`Your Postcode Delivery Zones licence expires on ${date}`);
    expect(sent[0]!.text).toContain(`${TEST_CONFIRMED_ORIGIN}/renew?key=${encodeURIComponent(key)}`);
    expect(sent[0]!.text).toMatch(new RegExp(`${TEST_CONFIRMED_ORIGIN}/unsubscribe\\?token=${id}\\.`));
    expect(sent[0]!.html).toContain(`href="${TEST_CONFIRMED_ORIGIN}/renew?key=`);
    expect(sent[3]!.subject).toBe(sent[0]!.subject.replace('expires on', 'expired on'));
    expect(sent[3]!.text).toContain('7 days ago');
    // In the admin's outbox, under its kind.
    const outbox = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?kind=renewal_reminder', headers: admin });
    expect(outbox.statusCode, outbox.body).toBe(200);
    expect(JSON.stringify(outbox.json())).toContain(email);
  });

  it('two app instances on one database send each step once; a restart sends nothing again', async () => {
    const email = 'pair@example.com';
    const { id, expiresAt: e } = await license(email);
    const other = await createTestApp({ testDb: t.testDb, seed: false });
    try {
      for (const at of [e - 30 * DAY + HOUR, e - 7 * DAY + HOUR, e + HOUR]) {
        // PostgreSQL: both passes at once. SQLite: one after the other, as its single writer makes them; two apps in
        // one process would otherwise block each other's event loop in better-sqlite3's busy wait.
        if (testDialect() === 'postgres') await Promise.all([runAt(t, at), runAt(other, at)]);
        else for (const app of [t, other]) await runAt(app, at);
      }
      expect((await reminders(email)).length).toBe(3);
      expect(await expiredEvents(id)).toBe(1);
      const restarted = await other.restart();
      try {
        for (const at of [e - 30 * DAY + HOUR, e - 7 * DAY + HOUR, e + HOUR]) await runAt(restarted, at);
        expect((await reminders(email)).length).toBe(3);
        expect(await expiredEvents(id)).toBe(1);
      } finally {
        await restarted.close();
      }
    } finally {
      // restart() closed `other` already; its database is t's.
    }
  });

  it('stops after the unsubscribe link; a changed token is refused with a page saying so', async () => {
    const email = 'leave@example.com';
    const { id, expiresAt: e } = await license(email);
    await runAt(t, e - 30 * DAY + HOUR);
    const [first] = await reminders(email);
    const url = /\/unsubscribe\?token=\S+/.exec(first!.text)?.[0];
    expect(url).toBeDefined();
    const tampered = await t.app.inject({ method: 'GET', url: url!.replace(`token=${id}.`, `token=${id + 1}.`) });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('not valid');
    const missing = await t.app.inject({ method: 'GET', url: '/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    // A link checker's HEAD request unsubscribes nobody.
    await t.app.inject({ method: 'HEAD', url: url! });
    expect(await t.db.selectFrom('reminder_opt_outs').select('license_id').where('license_id', '=', id).execute()).toEqual([]);
    // Opening the link (a mail scanner does) only asks: a page whose button POSTs.
    const page = await t.app.inject({ method: 'GET', url: url! });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Stop renewal reminders?');
    expect(page.body).toContain('<form method="post" action="">');
    expect(await t.db.selectFrom('reminder_opt_outs').select('license_id').where('license_id', '=', id).execute()).toEqual([]);
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(url!)?.[1] ?? '');
    expect(page.body).toContain(`name="token" value="${token}"`);
    const form = (body: string) =>
      t.app.inject({ method: 'POST', url: '/unsubscribe', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    expect((await form(`token=${encodeURIComponent(token.replace(`${id}.`, `${id + 1}.`))}`)).statusCode).toBe(400);
    expect((await form('')).statusCode).toBe(400);
    const done = await form(`token=${encodeURIComponent(token)}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('no more renewal reminders');
    expect((await form(`token=${encodeURIComponent(token)}`)).statusCode).toBe(200); // twice is fine
    for (const at of [e - 7 * DAY + HOUR, e + HOUR, e + 7 * DAY + HOUR]) await runAt(t, at);
    expect((await reminders(email)).length).toBe(1);
    // The webhook still tells the vendor it expired.
    expect(await expiredEvents(id)).toBe(1);
  });

  it('leaves with RFC 8058 one-click headers; the one-click POST to the link unsubscribes, urlencoded or multipart', async () => {
    const outgoing: Array<{ to: string; headers?: Record<string, string> }> = [];
    const smtp = await createTestApp({
      services: { mailTransport: { kind: 'smtp', send: async (message) => void outgoing.push(message), close: () => undefined } },
    });
    try {
      const headers = await smtp.adminHeaders();
      const made = async (email: string) => {
        const created = await smtp.app.inject({
          method: 'POST',
          url: '/api/admin/licenses',
          headers,
          payload: { plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly', customer_email: email },
        });
        const { id } = created.json<{ id: number }>();
        const expiresAt = Math.floor((Date.now() + 40 * DAY) / 1000) * 1000;
        await smtp.app.inject({ method: 'PATCH', url: `/api/admin/licenses/${id}`, headers, payload: { expires_at: new Date(expiresAt).toISOString() } });
        return { id, expiresAt };
      };
      const first = await made('one-click@example.com');
      const second = await made('one-click-multipart@example.com');
      await runAt(smtp, first.expiresAt - 30 * DAY + HOUR);
      // Delivered after the pass's commit, not awaited by it: up to 10 s on a loaded machine.
      for (let attempt = 0; attempt < 500 && outgoing.length < 2; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(outgoing.map((message) => message.to).sort()).toEqual(['one-click-multipart@example.com', 'one-click@example.com']);
      const unsubscribeOf = (to: string) => {
        const message = outgoing.find((each) => each.to === to);
        expect(message?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        const link = /^<(.+)>$/.exec(message?.headers?.['List-Unsubscribe'] ?? '')?.[1];
        expect(link).toMatch(new RegExp(`^${TEST_CONFIRMED_ORIGIN}/unsubscribe\\?token=`));
        return new URL(link!).pathname + new URL(link!).search;
      };
      const optedOut = async (licenseId: number) =>
        (await smtp.db.selectFrom('reminder_opt_outs').select('license_id').where('license_id', '=', licenseId).execute()).length;
      const urlencoded = await smtp.app.inject({
        method: 'POST',
        url: unsubscribeOf('one-click@example.com'),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(urlencoded.statusCode, urlencoded.body).toBe(200);
      expect(await optedOut(first.id)).toBe(1);
      const boundary = 'pls-one-click';
      const multipart = await smtp.app.inject({
        method: 'POST',
        url: unsubscribeOf('one-click-multipart@example.com'),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode, multipart.body).toBe(200);
      expect(await optedOut(second.id)).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it('a renewal (expiry moved) gets the new term’s reminders only', async () => {
    const email = 'renew@example.com';
    const { id, expiresAt: e } = await license(email);
    await runAt(t, e - 7 * DAY + HOUR);
    expect((await reminders(email)).length).toBe(1);
    const renewed = e + 365 * DAY;
    await patch(id, { expires_at: new Date(renewed).toISOString() });
    // The old term's remaining steps never come.
    for (const at of [e + HOUR, e + 7 * DAY + HOUR]) await runAt(t, at);
    expect((await reminders(email)).length).toBe(1);
    expect(await expiredEvents(id)).toBe(0);
    for (const at of [renewed - 30 * DAY + HOUR, renewed - 7 * DAY + HOUR, renewed + HOUR]) await runAt(t, at);
    expect((await reminders(email)).length).toBe(4);
    expect(await expiredEvents(id)).toBe(1);
  });

  it('lifetime and revoked licences get none; a step missed longer than the catch-up is skipped', async () => {
    const lifetime = await license('lifetime@example.com');
    await patch(lifetime.id, { plan: 'lifetime', expires_at: null });
    const revoked = await license('revoked@example.com');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${revoked.id}`, headers: admin })).statusCode).toBe(200);
    const late = await license('late@example.com');
    for (const at of [revoked.expiresAt - 30 * DAY + HOUR, revoked.expiresAt + HOUR, revoked.expiresAt + 7 * DAY + HOUR]) await runAt(t, at);
    expect((await reminders('lifetime@example.com')).length).toBe(0);
    expect((await reminders('revoked@example.com')).length).toBe(0);
    expect(await expiredEvents(revoked.id)).toBe(0);
    // No pass ran between late@'s -7 step and its expiry: that step was missed, not sent late as a stale reminder.
    expect((await reminders('late@example.com')).length).toBe(3);
    const steps = await t.db.selectFrom('license_reminders').select('step').where('license_id', '=', late.id).orderBy('id').execute();
    expect(steps.map((row) => row.step)).toEqual(['-30', '0', 'expired', '7']);
  });

  it('waits in the outbox without a shop address, and leaves with its links once there is one', async () => {
    const bare = await createTestApp({ confirmedOrigin: null });
    try {
      const headers = await bare.adminHeaders();
      const created = await bare.app.inject({
        method: 'POST',
        url: '/api/admin/licenses',
        headers,
        payload: { plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly', customer_email: 'held@example.com' },
      });
      const { id, key } = created.json<{ id: number; key: string }>();
      const e = Math.floor((Date.now() + 40 * DAY) / 1000) * 1000;
      await bare.app.inject({ method: 'PATCH', url: `/api/admin/licenses/${id}`, headers, payload: { expires_at: new Date(e).toISOString() } });
      await runAt(bare, e - 30 * DAY + HOUR);
      const held = await bare.db.selectFrom('emails').selectAll().where('kind', '=', 'renewal_reminder').execute();
      expect(held.map((row) => row.status)).toEqual(['held']);
      const saved = await bare.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: 'https://shop.example.com' } });
      expect(saved.statusCode, saved.body).toBe(200);
      await expect
        .poll(async () => (await bare.db.selectFrom('emails').select(['status', 'text']).where('id', '=', held[0]!.id).executeTakeFirstOrThrow()).status)
        .toBe('outbox');
      const sent = await bare.db.selectFrom('emails').select('text').where('id', '=', held[0]!.id).executeTakeFirstOrThrow();
      expect(sent.text).toContain(`https://shop.example.com/renew?key=${encodeURIComponent(key)}`);
    } finally {
      await bare.close();
    }
  });

  it('keeps its schedule and wording in Settings, refusing unknown placeholders', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { renewal_reminder_days: [7, -14, 0, -14], renewal_reminder_subject: 'Renew {plugin} by {expires}' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).json();
    expect(settings).toMatchObject({ renewal_reminder_days: [-14, 0, 7], renewal_reminder_subject: 'Renew {plugin} by {expires}' });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { renewal_reminder_body: 'Hi {name}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('unknown placeholder {name}');
    const tooFar = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { renewal_reminder_days: [400] } });
    expect(tooFar.statusCode).toBe(400);

    const email = 'custom@example.com';
    const { expiresAt: e } = await license(email);
    await runAt(t, e - 30 * DAY + HOUR);
    expect((await reminders(email)).length).toBe(0);
    await runAt(t, e - 14 * DAY + HOUR);
    const [first] = await reminders(email);
    expect(first!.subject).toMatch(/^Renew .+ by \d{1,2} \w+ \d{4}$/);
  });
});
