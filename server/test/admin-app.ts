// Set-ups and admin requests the module tests share (issue 39): an app with the admin signed in, one without the
// rate limit, one on a real socket, two instances on one database; a plugin made, a release uploaded, an image
// uploaded and added to the gallery, the admin password changed, each as the admin pages do it over HTTP.
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { multipartBody as imageBody } from './image-fixtures.js';
import { multipartBody as releaseBody } from './release-test-helpers.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

export type AdminHeaders = Record<string, string>;

export interface AdminApp {
  t: TestApp;
  /** Headers for admin calls: the signed-in owner's session cookie. */
  headers: AdminHeaders;
}

/** A test app (createTestApp) with the admin signed in; in a describe: `beforeAll(async () => ({ t, headers } = await startAdminApp()))`. */
export async function startAdminApp(options?: TestAppOptions): Promise<AdminApp> {
  const t = await createTestApp(options);
  return { t, headers: await t.adminHeaders() };
}

/** A test app whose per-minute rate limit (a setting) is out of reach, for tests that make many licence calls. */
export async function startUnthrottledApp(options?: TestAppOptions): Promise<TestApp> {
  const t = await createTestApp(options);
  await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
  return t;
}

/** A test app listening on a free port of 127.0.0.1, with the admin's session cookie, for tests over a real socket. */
export async function startListeningApp(): Promise<{ t: TestApp; port: number; cookie: string }> {
  const t = await createTestApp();
  const cookie = await t.login();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port, cookie };
}

/** Closes a listening app, its kept-alive connections first. */
export async function closeListeningApp(t: TestApp): Promise<void> {
  t.app.server.closeAllConnections();
  await t.close();
}

/** Two app instances on one database: `second` is built on `t`'s database without seeding it. Close with `closeBoth`. */
export async function startTwoInstances(): Promise<{ t: TestApp; second: TestApp }> {
  const t = await createTestApp();
  return { t, second: await createTestApp({ testDb: t.testDb, seed: false }) };
}

/** Closes the second instance, then the first (which owns and drops the database). */
export async function closeBoth(instances: { t: TestApp; second: TestApp }): Promise<void> {
  await instances.second.close();
  await instances.t.close();
}

/** POST /api/admin/password with `headers` (a session): the current password and the new one; answers the response. */
export function changeAdminPassword(t: TestApp, headers: AdminHeaders, currentPassword: string, newPassword: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/password',
    headers,
    payload: { current_password: currentPassword, new_password: newPassword },
  });
}

/** POST /api/admin/plugins as the admin: a new plugin from `payload` (slug, name, …); answers the response. */
export async function createPlugin(t: TestApp, payload: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/admin/plugins', headers: await t.adminHeaders(), payload });
}

/** POST /api/admin/releases as the admin: the form `fields` and, when given, the zip (its bytes, or a file part); answers the response. */
export async function uploadRelease(
  t: TestApp,
  fields: Record<string, string>,
  file?: Buffer | { name?: string; filename?: string; content: Buffer },
): Promise<LightMyRequestResponse> {
  const body = releaseBody(fields, Buffer.isBuffer(file) ? { content: file } : file);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/releases',
    payload: body.payload,
    headers: { ...(await t.adminHeaders()), ...body.headers },
  });
}

export interface ImageFile {
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** POST /api/admin/plugins/{slug}/images/upload as the admin (step one of adding an image); answers the response. */
export async function uploadImage(t: TestApp, slug: string, file: ImageFile): Promise<LightMyRequestResponse> {
  const body = imageBody('image', file.filename, file.content, file.contentType);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/plugins/${slug}/images/upload`,
    headers: { ...(await t.adminHeaders()), ...body.headers },
    payload: body.payload,
  });
}

/** Uploads `file` (throws unless that answers 200) and adds it to the plugin's images with `details`; answers the second response. */
export async function addPluginImage(t: TestApp, slug: string, file: ImageFile, details: { type: string; caption?: string }): Promise<LightMyRequestResponse> {
  const uploaded = await uploadImage(t, slug, file);
  if (uploaded.statusCode !== 200) throw new Error(`image upload failed: ${uploaded.statusCode} ${uploaded.body}`);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/plugins/${slug}/images`,
    headers: await t.adminHeaders(),
    payload: { url: uploaded.json<{ url: string }>().url, ...details },
  });
}
