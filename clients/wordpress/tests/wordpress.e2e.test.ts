// End to end on real WordPress (Debian's `wordpress` package, 6.1) and MariaDB: a paid plugin that bundles
// clients/wordpress/plugin-licensing-client.php (and its parts) is installed on two sites, licensed, updated through core's
// Plugin_Upgrader with signature verification, refused a swapped or mis-signed package, revoked, and keeps its
// licence through the grace period while this server is down. WordPress runs as php-cli scripts
// (tests/e2e/wp-driver.php); this server listens on 127.0.0.1 on a free port, which the test's mu-plugin
// lets WordPress's safe HTTP reach (`http_allowed_safe_ports`, `http_request_host_is_external`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/test-app.js';
import { makeZip, multipartBody } from '../../../server/test/release-test-helpers.js';
import { libraryFiles } from '../../../server/modules/wordpress-client/index.js';
import { createWordPressSite, dropWordPressSite, run, runDriver, type WordPressSite as Site } from './e2e/wp-site.js';

const DRIVER = path.join(import.meta.dirname, 'e2e', 'wp-driver.php');
const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const SLUG = 'pls-e2e-plugin';
const BASENAME = `${SLUG}/${SLUG}.php`;
const FORM_ACTION = 'pls-e2e-plugin_licence'.replace(/[^a-z0-9_-]/g, '');
let t: TestApp;
let port = 0;
let server = '';
let publicKey = '';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-wp-e2e-'));
const sites: Site[] = [];

/** The paid plugin at `version`: main file with header, the client library, uninstall.php, readme.txt, a marker. */
function pluginZip(version: string, marker = version, options: { fatal?: boolean } = {}): Promise<Buffer> {
  const main = `<?php
/**
 * Plugin Name: PLS E2E Plugin
 * Version: ${version}
 * Requires at least: 6.0
 * Requires PHP: 7.4
 * Author: E2E Vendor
 */
require_once __DIR__ . '/lib/plugin-licensing-client.php';
$GLOBALS['pls_e2e_client'] = new Plugin_Licensing_Client( array(
\t'server'      => '${server}',
\t'plugin_file' => __FILE__,
\t'slug'        => '${SLUG}',
\t'name'        => 'PLS E2E Plugin',
\t'public_keys' => array( '${randomBytes(32).toString('base64')}', '${publicKey}' ),
\t'grace_days'  => 3,
\t'spelling'    => 'american',
\t'key_prefix'  => 'sfp',
) );
// A code path the test runs (wp-driver.php boom); boom.php fatals in a broken release.
add_action( 'pls_e2e_boom', function () { require __DIR__ . '/boom.php'; } );
`;
  const boom = options.fatal ? `<?php\npls_e2e_function_that_does_not_exist();\n` : `<?php\n// Nothing to see.\n`;
  const uninstall = `<?php
if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) { exit; }
require_once __DIR__ . '/lib/plugin-licensing-client.php';
Plugin_Licensing_Client::uninstall( '${SLUG}', '${server}' );
`;
  const readme = `=== PLS E2E Plugin ===
Requires at least: 6.0
Tested up to: 6.1
Stable tag: ${version}

A paid plugin for the end-to-end test.

== Changelog ==

= ${version} =
* Release ${version}.

== Upgrade Notice ==

= ${version} =
Upgrade to ${version} for the test.
`;
  return makeZip({
    [`${SLUG}/${SLUG}.php`]: main,
    [`${SLUG}/uninstall.php`]: uninstall,
    [`${SLUG}/readme.txt`]: readme,
    [`${SLUG}/MARKER`]: marker,
    [`${SLUG}/boom.php`]: boom,
    ...Object.fromEntries(libraryFiles(ROOT).map(({ file, name }) => [`${SLUG}/${name}`, fs.readFileSync(file)])),
  });
}

async function uploadRelease(version: string, options: { fatal?: boolean; fields?: Record<string, string> } = {}): Promise<{ id: number }> {
  const body = multipartBody(
    { plugin_slug: SLUG, version, notes: `Release ${version}`, ...options.fields },
    { content: await pluginZip(version, version, options), filename: `${SLUG}.zip` },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/releases',
    headers: { ...(await t.adminHeaders()), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

async function createLicense(maxActivations: number): Promise<{ id: number; key: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/licenses',
    headers: await t.adminHeaders(),
    payload: { plugin_slug: SLUG, plan: 'lifetime', max_activations: maxActivations, customer_email: 'buyer@example.com' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number; key: string }>();
}

const driverEnv = (site: Site) => ({ PLS_E2E_HOST: site.host, ...site.env });

/** Runs one driver command on a site; answers its JSON. */
const wp = <T = Record<string, unknown>>(site: Site, command: string, args: Record<string, unknown> = {}): Promise<T> => runDriver<T>(site, command, args);

/** A WordPress site (clients/wordpress/tests/e2e/wp-site.ts) whose driver is wp-driver.php. */
async function createSite(name: string): Promise<Site> {
  const site = await createWordPressSite(work, name, {
    driver: DRIVER,
    env: { PLS_E2E_PLUGIN: BASENAME, PLS_E2E_SLUG: SLUG, PLS_E2E_SERVER: server, PLS_E2E_PORT: String(port) },
  });
  sites.push(site);
  return site;
}

async function activations(licenseId: number): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${licenseId}`, headers: await t.adminHeaders() });
  return response.json<{ activations: Array<{ site_url: string }> }>().activations.map((a) => a.site_url);
}

async function listen(): Promise<void> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
  server = `http://127.0.0.1:${port}`;
  await t.ctx.settings.update({ base_url: server });
}

describe('the WordPress client on real WordPress 6.1', () => {
  let siteA: Site;
  let siteB: Site;
  let first: { id: number; key: string };
  let second: { id: number; key: string };

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await listen();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plugins',
      headers: await t.adminHeaders(),
      payload: { slug: SLUG, name: 'PLS E2E Plugin' },
    });
    expect(created.statusCode, created.body).toBe(201);
    publicKey = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
    await uploadRelease('1.0.0');
    first = await createLicense(1);
    second = await createLicense(1);
    [siteA, siteB] = await Promise.all([createSite('a'), createSite('b')]);
    const zip = path.join(work, 'plugin-1.0.0.zip');
    fs.writeFileSync(zip, await pluginZip('1.0.0'));
    for (const site of [siteA, siteB]) expect(await wp(site, 'install-plugin', { zip })).toEqual({ activated: true, error: null });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    for (const site of sites) await dropWordPressSite(site);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('pins the server key (and a second, for rotation) for core signature checks, and refuses a soft fail from this server', async () => {
    const filters = await wp<{ trusted_keys: string[]; hosts: string[]; softfail: boolean; softfail_elsewhere: boolean }>(siteA, 'filters');
    expect(filters.trusted_keys).toContain(publicKey);
    expect(filters.trusted_keys).toHaveLength(2);
    expect(filters.hosts).toContain('127.0.0.1');
    expect(filters.softfail).toBe(false);
    expect(filters.softfail_elsewhere).toBe(true);
  });

  it('refuses the licence form without the capability or a valid nonce', async () => {
    const subscriber = await wp<{ died?: string; licensed: boolean }>(siteA, 'form', {
      form_action: FORM_ACTION,
      licence_action: 'activate',
      key: first.key,
      as_subscriber: true,
    });
    expect(subscriber.died).toBeTruthy();
    const forged = await wp<{ died?: string; licensed: boolean }>(siteA, 'form', {
      form_action: FORM_ACTION,
      licence_action: 'activate',
      key: first.key,
      nonce: 'forged',
    });
    expect(forged.died).toBeTruthy();
    expect(await activations(first.id)).toEqual([]);
  });

  it('shows the licence screen in the vendor’s spelling, with its key prefix and what the licence answered includes', async () => {
    const before = await wp<{ page: string }>(siteA, 'state');
    expect(before.page).toContain('PLS E2E Plugin License');
    expect(before.page).toContain('No license is active on this site.');
    expect(before.page).toContain('placeholder="SFP-XXXX-XXXX-XXXX-XXXX"');
    expect(before.page).not.toMatch(/(?<![_-])licence(?![_-])|Licence|8022/);
  });

  it('activates the licence from the licence screen', async () => {
    const result = await wp<{ redirect: string; page: string; licensed: boolean }>(siteA, 'form', {
      form_action: FORM_ACTION,
      licence_action: 'activate',
      key: first.key.toLowerCase(),
    });
    expect(result.redirect).toContain('options-general.php?page=pls-e2e-plugin-licence');
    expect(result.licensed).toBe(true);
    expect(result.page).toContain('Active on this site.');
    expect(result.page).toContain('The license is now active on this site.');
    // A lifetime licence (the server's answer says so): lifetime updates, and no expiry.
    expect(result.page).toContain('Lifetime updates');
    expect(result.page).toContain('License key');
    expect(result.page).not.toContain(first.key);
    expect(await activations(first.id)).toEqual(['a.example.com']);
    // The validate after activation reported the site's versions (informational: docs/license-api.md).
    const report = await t.db
      .selectFrom('license_activations')
      .select(['installed_version', 'wp_version', 'php_version'])
      .where('license_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(report.installed_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(report.wp_version).toMatch(/^\d+\.\d+/);
    expect(report.php_version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a second site hits the activation limit and says so', async () => {
    const result = await wp<{ page: string; licensed: boolean }>(siteB, 'form', { form_action: FORM_ACTION, licence_action: 'activate', key: first.key });
    expect(result.licensed).toBe(false);
    expect(result.page).toContain('maximum number of site activations');
    expect(await activations(first.id)).toEqual(['a.example.com']);
  });

  it('offers 1.1.0 with the server details, and View details shows the changelog', async () => {
    await uploadRelease('1.1.0');
    const check = await wp<{ update: { new_version: string; package: string; upgrade_notice: string } | null }>(siteA, 'check-updates');
    expect(check.update?.new_version).toBe('1.1.0');
    expect(check.update?.package).toMatch(new RegExp(`^${server}/api/v1/downloads/`));
    const info = await wp<{ version: string; sections: { changelog: string }; author: string }>(siteA, 'plugin-info');
    expect(info.version).toBe('1.1.0');
    expect(info.sections.changelog).toContain('1.1.0');
  });

  it('refuses a swapped zip and a wrong signature, leaving the plugin on disk unchanged', async () => {
    const release = await t.db.selectFrom('releases').selectAll().where('plugin_slug', '=', SLUG).where('version', '=', '1.1.0').executeTakeFirstOrThrow();
    const file = path.join(t.config.dataDir, 'releases', release.zip_path);
    const genuine = fs.readFileSync(file);
    const swapped = await pluginZip('1.1.0', 'swapped');
    fs.writeFileSync(file, swapped);
    await t.db.updateTable('releases').set({ file_size: swapped.length }).where('id', '=', release.id).execute();
    const offered = await wp<{ update: { package: string } | null }>(siteA, 'check-updates');
    expect(offered.update?.package).toMatch(/^http/);
    const refusedSwap = await wp<{ result: unknown; messages: string[]; version: string; marker: string }>(siteA, 'upgrade');
    expect(refusedSwap.result).not.toBe(true);
    // Core's own words for a failed signature check (signature_verification_failed).
    expect(refusedSwap.messages.join(' ')).toContain('could not be verified');
    expect(refusedSwap.version).toBe('1.0.0');
    expect(refusedSwap.marker).toBe('1.0.0');

    fs.writeFileSync(file, genuine);
    await t.db
      .updateTable('releases')
      .set({ file_size: genuine.length, signature: randomBytes(64).toString('base64') })
      .where('id', '=', release.id)
      .execute();
    await wp(siteA, 'check-updates');
    const refusedSignature = await wp<{ result: unknown; messages: string[]; version: string; marker: string }>(siteA, 'upgrade');
    expect(refusedSignature.result).not.toBe(true);
    expect(refusedSignature.messages.join(' ')).toContain('could not be verified');
    expect(refusedSignature.version).toBe('1.0.0');
    expect(refusedSignature.marker).toBe('1.0.0');
    await t.db.updateTable('releases').set({ signature: release.signature }).where('id', '=', release.id).execute();
  });

  it('installs 1.1.0 through Plugin_Upgrader with core verifying the signature', async () => {
    await wp(siteA, 'check-updates');
    const upgraded = await wp<{ result: unknown; version: string; marker: string }>(siteA, 'upgrade');
    expect(upgraded.result).toBe(true);
    expect(upgraded.version).toBe('1.1.0');
    expect(upgraded.marker).toBe('1.1.0');
  });

  it('runs the daily check from WP-Cron', async () => {
    const cron = await wp<{ scheduled: boolean; licensed: boolean }>(siteA, 'cron');
    expect(cron.scheduled).toBe(true);
    expect(cron.licensed).toBe(true);
  });

  it('a release whose plugin file fatals: the client reports the fatal error and the rollout halts', async () => {
    // Halt at the first failure of one updated site (the rule is Settings; two test sites cannot reach the default 20).
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: await t.adminHeaders(),
      payload: { rollout_halt_min_sites: 1, rollout_halt_min_failing_licenses: 1, rollout_halt_failure_percent: 0 },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const broken = await uploadRelease('1.2.0', { fatal: true });
    expect((await wp<{ update: { new_version: string } | null }>(siteA, 'check-updates')).update?.new_version).toBe('1.2.0');
    const upgraded = await wp<{ result: unknown; version: string }>(siteA, 'upgrade');
    expect(upgraded).toMatchObject({ result: true, version: '1.2.0' });
    // A page that runs the broken code path: PHP fatals, WordPress's fatal-error handler takes over.
    const fatal = await run('php', [DRIVER, siteA.dir, 'boom', '{}'], { env: { ...process.env, ...driverEnv(siteA) } }).then(
      () => null,
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(fatal).toContain('pls_e2e_function_that_does_not_exist');
    const pending = await wp<{ pending: { version: string; errors: Array<{ file: string; message: string }> } }>(siteA, 'pending-health');
    expect(pending.pending.version).toBe('1.2.0');
    expect(pending.pending.errors[0]?.file).toBe(`wp-content/plugins/${SLUG}/boom.php`);
    // The next admin page sends the report, once.
    expect((await wp<{ pending: unknown }>(siteA, 'admin-init')).pending).toBe(false);
    const reports = await t.db.selectFrom('release_health_reports').selectAll().where('release_id', '=', broken.id).execute();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ site_url: 'a.example.com', succeeded: 0, running_version: '1.2.0' });
    expect(reports[0]!.fatal_errors).toContain('pls_e2e_function_that_does_not_exist');
    const release = await t.db
      .selectFrom('releases')
      .select(['rollout_paused_at', 'rollout_pause_reason'])
      .where('id', '=', broken.id)
      .executeTakeFirstOrThrow();
    expect(release.rollout_paused_at).not.toBeNull();
    expect(release.rollout_pause_reason).toContain('1 of 1 updated licences');
  });

  it('the vendor withdraws 1.2.0 offering 1.1.0: the client installs the rollback, signature verified, and refuses a bad one', async () => {
    const broken = await t.db.selectFrom('releases').select('id').where('plugin_slug', '=', SLUG).where('version', '=', '1.2.0').executeTakeFirstOrThrow();
    const rolled = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${broken.id}/rollback`, headers: await t.adminHeaders() });
    expect(rolled.statusCode, rolled.body).toBe(200);
    // WordPress's update list offers nothing lower; the client's notice offers the rollback.
    expect((await wp<{ update: unknown }>(siteA, 'check-updates')).update).toBeNull();
    const notices = await wp<{ notices: string }>(siteA, 'notices');
    expect(notices.notices).toContain('withdrew version 1.2.0');
    expect(notices.notices).toContain('Install version 1.1.0');

    // A wrong signature on 1.1.0: core refuses the package and 1.2.0 stays.
    const previous = await t.db.selectFrom('releases').selectAll().where('plugin_slug', '=', SLUG).where('version', '=', '1.1.0').executeTakeFirstOrThrow();
    await t.db
      .updateTable('releases')
      .set({ signature: randomBytes(64).toString('base64') })
      .where('id', '=', previous.id)
      .execute();
    const refused = await wp<{ page: string }>(siteA, 'form', { form_action: FORM_ACTION, licence_action: 'rollback' });
    expect(refused.page).toContain('could not be installed');
    expect(refused.page).toContain('could not be verified');
    expect(await wp(siteA, 'plugin')).toEqual({ version: '1.2.0', marker: '1.2.0', active: true });
    await t.db.updateTable('releases').set({ signature: previous.signature }).where('id', '=', previous.id).execute();

    const installed = await wp<{ page: string }>(siteA, 'form', { form_action: FORM_ACTION, licence_action: 'rollback' });
    expect(installed.page).toContain('Version 1.1.0 is installed again; its signature was verified.');
    expect(await wp(siteA, 'plugin')).toEqual({ version: '1.1.0', marker: '1.1.0', active: true });
    expect((await wp<{ notices: string }>(siteA, 'notices')).notices).not.toContain('withdrew');
  });

  it('asks why on deactivation when the vendor turned the survey on, and sends the answer', async () => {
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: await t.adminHeaders(),
      payload: { deactivation_survey_enabled: true, deactivation_reasons: ['Too expensive', 'It broke my site'] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // The next update check carries the vendor's answers; Deactivate then leads to the question.
    await wp(siteA, 'check-updates');
    const links = await wp<{ links: { deactivate: string } }>(siteA, 'links');
    expect(links.links.deactivate).toContain('pls_deactivate=1');
    const question = await wp<{ page: string }>(siteA, 'state', { get: { pls_deactivate: '1' } });
    expect(question.page).toContain('Why are you deactivating PLS E2E Plugin?');
    expect(question.page).toContain('It broke my site');
    const sent = await wp<{ redirect: string }>(siteA, 'form', {
      form_action: FORM_ACTION,
      licence_action: 'deactivate_plugin',
      fields: { deactivation_reason: 'It broke my site', deactivation_details: 'White screen after the update' },
    });
    expect(sent.redirect).toContain('plugins.php?deactivate=true');
    expect((await wp<{ active: boolean }>(siteA, 'plugin')).active).toBe(false);
    const release = await t.db.selectFrom('releases').select('id').where('plugin_slug', '=', SLUG).where('version', '=', '1.1.0').executeTakeFirstOrThrow();
    const reasons = await t.db.selectFrom('release_deactivation_reasons').select(['release_id', 'site_url', 'reason', 'details']).execute();
    expect(reasons).toEqual([{ release_id: release.id, site_url: 'a.example.com', reason: 'It broke my site', details: 'White screen after the update' }]);
    expect((await wp<{ active: boolean }>(siteA, 'activate')).active).toBe(true);
  });

  it('a beta opt-in on the licence screen gets the beta; a 0 % rollout offers nothing', async () => {
    await uploadRelease('1.3.0', { fields: { channel: 'beta' } });
    // Stable site: the beta is not offered (1.2.0 is withdrawn, 1.1.0 is installed).
    expect((await wp<{ update: unknown }>(siteA, 'check-updates')).update).toBeNull();
    const optedIn = await wp<{ page: string }>(siteA, 'form', { form_action: FORM_ACTION, licence_action: 'channel', fields: { licence_beta: '1' } });
    expect(optedIn.page).toContain('This site now receives beta releases.');
    expect((await wp<{ update: { new_version: string; package: string } | null }>(siteA, 'check-updates')).update).toMatchObject({
      new_version: '1.3.0',
      package: expect.stringMatching(/^http/),
    });
    const optedOut = await wp<{ page: string }>(siteA, 'form', { form_action: FORM_ACTION, licence_action: 'channel' });
    expect(optedOut.page).toContain('This site now receives stable releases only.');
    expect((await wp<{ update: unknown }>(siteA, 'check-updates')).update).toBeNull();

    // A stable 1.4.0 at 0 %: no site is offered it.
    await uploadRelease('1.4.0', { fields: { rollout_percent: '0' } });
    const check = await wp<{ update: unknown }>(siteA, 'check-updates');
    expect(check.update).toBeNull();
    expect(await wp(siteA, 'plugin')).toEqual({ version: '1.1.0', marker: '1.1.0', active: true });
  });

  it('a revoked licence gets no package, the reason is shown, and the licence stops', async () => {
    const activated = await wp<{ licensed: boolean }>(siteB, 'form', { form_action: FORM_ACTION, licence_action: 'activate', key: second.key });
    expect(activated.licensed).toBe(true);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${second.id}`, headers: await t.adminHeaders() });
    expect(revoked.statusCode).toBe(200);
    const check = await wp<{ update: { new_version: string; package: string } | null; message: string }>(siteB, 'check-updates');
    expect(check.update?.new_version).toBe('1.1.0');
    expect(check.update?.package).toBe('');
    expect(check.message).toContain('revoked');
    const cron = await wp<{ licensed: boolean }>(siteB, 'cron');
    expect(cron.licensed).toBe(false);
    const state = await wp<{ status: string }>(siteB, 'state');
    expect(state.status).toContain('revoked');
    // A signed refusal cannot be edited into a licence.
    expect((await wp<{ licensed: boolean }>(siteB, 'tamper', { how: 'flip' })).licensed).toBe(false);
  });

  it('keeps the licence through the grace period while the server is down', async () => {
    await new Promise((resolve) => t.app.server.close(resolve));
    const cron = await wp<{ licensed: boolean; state: { last_error: string } }>(siteA, 'cron');
    expect(cron.state.last_error).not.toBe('');
    expect(cron.licensed).toBe(true);
    const state = await wp<{ status: string }>(siteA, 'state');
    expect(state.status).toContain('could not be reached');
    // Moving the signed answer's date past the grace period breaks its signature: no licence.
    expect((await wp<{ licensed: boolean }>(siteA, 'tamper', { how: 'age' })).licensed).toBe(false);
  });

  it('uninstalls cleanly: the seat is freed and the options removed', async () => {
    await new Promise<void>((resolve) => t.app.server.listen(port, '127.0.0.1', resolve));
    const cleaned = await wp<{ had_option: boolean; has_option: boolean; cron: boolean }>(siteA, 'uninstall');
    expect(cleaned).toEqual({ had_option: true, has_option: false, cron: false });
    expect(await activations(first.id)).toEqual([]);
  });
});
