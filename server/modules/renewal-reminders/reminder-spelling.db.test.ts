import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';

// Issue 40: under American spelling the renewal reminder's default wording, its unsubscribe line and the unsubscribe
// page say "license"; a wording the vendor wrote is sent as written.
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe(`renewal reminders in the shop's spelling (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminHeaders();
    const spelling = await t.app.inject({ method: 'PUT', url: '/api/admin/storefront', headers: admin, payload: { spelling: 'american' } });
    expect(spelling.statusCode, spelling.body).toBe(200);
  });
  afterAll(async () => t.close());

  const runAt = async (at: number) => {
    t.ctx.renewalReminders.now = () => new Date(at);
    await t.ctx.renewalReminders.runNow();
  };
  const reminders = (email: string) =>
    t.db.selectFrom('emails').selectAll().where('kind', '=', 'renewal_reminder').where('to_address', '=', email).orderBy('id').execute();

  it('says "license" in the default wording and on the unsubscribe page, and keeps the vendor’s own wording', async () => {
    const email = 'spelling@example.com';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers: admin,
      payload: { plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly', customer_email: email },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const expiresAt = Math.floor((Date.now() + 40 * DAY) / 1000) * 1000;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/licenses/${id}`,
      headers: admin,
      payload: { expires_at: new Date(expiresAt).toISOString() },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    await runAt(expiresAt - 30 * DAY + HOUR);
    const [first] = await reminders(email);
    expect(first?.subject).toMatch(/^Your .+ license expires on /);
    expect(first?.text).toMatch(/license \([A-Z0-9-]+\) expires on/);
    expect(first?.text).toContain('No more renewal reminders for this license: ');
    expect(`${first?.subject}${first?.text}`).not.toMatch(/licence/i);

    const url = /\/unsubscribe\?token=\S+/.exec(first?.text ?? '')?.[0] ?? '';
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/renewal reminders for your .+ license\. Your license itself does not change\./);
    expect(page.body).not.toMatch(/licence/i);

    const own = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { renewal_reminder_subject: 'Your {plugin} licence, our words' },
    });
    expect(own.statusCode, own.body).toBe(200);
    await runAt(expiresAt - 7 * DAY + HOUR);
    expect((await reminders(email))[1]?.subject).toMatch(/^Your .+ licence, our words$/);
  });
});
