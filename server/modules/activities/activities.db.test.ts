import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';

// Release withdraw/restore/delete and the plugins admin leave an entry in the activity log, written in the
// same transaction as the change: a refused change writes none, and a change whose entry cannot be written
// is not made.

const SLUG = POSTCODE_PLUGIN_SLUG;

async function addRelease(t: TestApp, version: string, offeredAt: string | null = null): Promise<number> {
  const row = await t.db
    .insertInto('releases')
    .values({
      plugin_slug: SLUG,
      version,
      created_at: '2026-01-01T00:00:00.000Z',
      notes: '',
      zip_path: `${SLUG}-${version}.zip`,
      file_size: 1,
      sha384: 'x',
      signature: 'x',
      offered_at: offeredAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const activities = async (t: TestApp) =>
  (await t.db.selectFrom('activities').select(['action_type', 'details']).where('action_type', 'not in', ['release_uploaded']).orderBy('id').execute()).map(
    (row) => ({
      type: row.action_type,
      details: JSON.parse(row.details) as unknown,
    }),
  );

describe(`activity entries for releases and plugins (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('activities').execute();
    await t.db.deleteFrom('releases').execute();
  });
  const admin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => t.app.inject({ method, url, headers, payload });

  it('records release_withdrawn, release_restored and release_deleted with the plugin slug and version', async () => {
    const id = await addRelease(t, '1.8.0');
    expect((await admin('POST', `/api/admin/releases/${id}/withdraw`)).statusCode).toBe(200);
    expect((await admin('POST', `/api/admin/releases/${id}/restore`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/api/admin/releases/${id}`)).statusCode).toBe(204);
    const details = { plugin_slug: SLUG, version: '1.8.0' };
    expect(await activities(t)).toEqual([
      { type: 'release_withdrawn', details },
      { type: 'release_restored', details },
      { type: 'release_deleted', details },
    ]);
  });

  it('records nothing for a change that did not happen', async () => {
    const offered = await addRelease(t, '1.8.1', '2026-01-02T00:00:00.000Z');
    expect((await admin('POST', `/api/admin/releases/${offered}/restore`)).statusCode).toBe(200); // not withdrawn: nothing to restore
    expect((await admin('DELETE', `/api/admin/releases/${offered}`)).statusCode).toBe(409);
    expect((await admin('POST', '/api/admin/releases/999999/withdraw')).statusCode).toBe(404);
    expect(await activities(t)).toEqual([]);
  });

  it('records plugin_created, plugin_updated and plugin_retired; a refused create or edit records nothing', async () => {
    expect((await admin('POST', '/api/admin/plugins', { slug: 'activity-plugin', name: 'Activity Plugin' })).statusCode).toBe(201);
    expect((await admin('POST', '/api/admin/plugins', { slug: 'activity-plugin', name: 'Again' })).statusCode).toBe(409);
    expect((await admin('PATCH', '/api/admin/plugins/activity-plugin', { author: 'Acme' })).statusCode).toBe(200);
    expect((await admin('PATCH', '/api/admin/plugins/activity-plugin', { slug: SLUG })).statusCode).toBe(409);
    expect((await admin('PATCH', '/api/admin/plugins/activity-plugin', { slug: 'activity-renamed' })).statusCode).toBe(200);
    expect((await admin('PATCH', '/api/admin/plugins/activity-renamed', { retired: true })).statusCode).toBe(200);
    expect((await admin('PATCH', '/api/admin/plugins/activity-renamed', { retired: false })).statusCode).toBe(200);
    expect(await activities(t)).toEqual([
      { type: 'plugin_created', details: { plugin_slug: 'activity-plugin', name: 'Activity Plugin' } },
      { type: 'plugin_updated', details: { plugin_slug: 'activity-plugin' } },
      { type: 'plugin_updated', details: { plugin_slug: 'activity-renamed', previous_slug: 'activity-plugin' } },
      { type: 'plugin_retired', details: { plugin_slug: 'activity-renamed' } },
      { type: 'plugin_updated', details: { plugin_slug: 'activity-renamed' } },
    ]);
  });

  it('shows the entries in the dashboard feed', async () => {
    const id = await addRelease(t, '1.9.0');
    await admin('POST', `/api/admin/releases/${id}/withdraw`);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/activities', headers });
    expect(response.json<Array<{ action_type: string; details: unknown }>>()[0]).toMatchObject({
      action_type: 'release_withdrawn',
      details: { plugin_slug: SLUG, version: '1.9.0' },
    });
  });

  // Last: it breaks the activity table. The change and its entry share one transaction, so no entry, no change.
  it('leaves the release and the plugin unchanged when the entry cannot be written', async () => {
    const id = await addRelease(t, '2.0.0');
    await t.db.schema.dropTable('activities').execute();
    expect((await admin('POST', `/api/admin/releases/${id}/withdraw`)).statusCode).toBe(500);
    expect((await admin('DELETE', `/api/admin/releases/${id}`)).statusCode).toBe(500);
    expect((await admin('POST', '/api/admin/plugins', { slug: 'never-created', name: 'Never' })).statusCode).toBe(500);
    expect((await admin('PATCH', `/api/admin/plugins/${SLUG}`, { author: 'Never' })).statusCode).toBe(500);
    expect(await t.db.selectFrom('releases').select('withdrawn_at').where('id', '=', id).executeTakeFirst()).toEqual({ withdrawn_at: null });
    expect(await t.db.selectFrom('plugins').select('slug').where('slug', '=', 'never-created').executeTakeFirst()).toBeUndefined();
    expect((await t.db.selectFrom('plugins').select('author').where('slug', '=', SLUG).executeTakeFirstOrThrow()).author).toBeNull();
  });
});
