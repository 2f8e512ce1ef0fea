// An EDD-style client on real WordPress (Debian's `wordpress` package, 6.1, and MariaDB), against this shop's EDD
// Software Licensing-compatible API (server/modules/edd-compat, docs/migrating.md): a plugin built like EDD's
// sample plugin, with its `EDD_SL_Plugin_Updater` (tests/edd/EDD_SL_Plugin_Updater.php) and its licence screen,
// activates its licence here, is offered the newer release by WordPress's own update check with an expiring
// signed package link, and installs it through core's Plugin_Upgrader with core verifying the package's signature
// (the three filters docs/migrating.md asks such a plugin to add); then checks and deactivates the licence. Twice:
// first naming the item as EDD's sample plugin does (`item_name => urlencode( EDD_SAMPLE_ITEM_NAME )` in the
// licence calls, the plain name given to the updater, no `item_id`), then by `item_id` only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../server/test/test-app.js';
import { makeZip, multipartBody } from '../../../server/test/release-test-helpers.js';
import { createWordPressSite, dropWordPressSite, runDriver, type WordPressSite } from './e2e/wp-site.js';

const DRIVER = path.join(import.meta.dirname, 'e2e', 'edd-driver.php');
const UPDATER = path.join(import.meta.dirname, 'edd', 'EDD_SL_Plugin_Updater.php');
const SLUG = 'edd-sample-plugin';
const BASENAME = `${SLUG}/${SLUG}.php`;
const ITEM_ID = 4711;
const ITEM_NAME = 'Sample Plugin (EDD)';
/** PHP's urlencode( ITEM_NAME ), what the sample's licence calls send. */
const ITEM_NAME_URLENCODED = 'Sample+Plugin+%28EDD%29';
/** How the plugin names its item: as EDD's sample plugin does (item_name), or by item id only. */
type Naming = 'item_name' | 'item_id';

interface StoreCall {
  method: string;
  fields: Record<string, string | boolean>;
  status: number | string;
  answer: Record<string, unknown> | null;
}
type Driven<T> = T & { store_calls: StoreCall[] };
interface OnDisk {
  version: string;
  marker: string | null;
  active: boolean;
}

let t: TestApp;
let server = '';
let port = 0;
let publicKey = '';
let site: WordPressSite;
let naming: Naming = 'item_name';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-wp-edd-'));

/**
 * The plugin as a vendor selling through EDD builds it, following EDD's sample plugin (edd-sample-plugin.php):
 * the store URL and item as constants, the updater set up on `init` for administrators, the licence screen's
 * activate and deactivate buttons handled on `admin_init` (edd_action activate_license / deactivate_license
 * with `license`, `item_name` urlencoded (or `item_id` alone in the second run) and `url` = home_url(): the
 * sample's `$api_params` in its order), and its licence check.
 * Added for this shop: core's signature check of the package switched on for the store's host, with its key.
 */
function pluginZip(version: string, marker = version): Promise<Buffer> {
  const main = `<?php
/**
 * Plugin Name: EDD Sample Plugin
 * Description: A plugin sold through an EDD store, for the end-to-end test.
 * Version: ${version}
 * Author: E2E Vendor
 */
define( 'EDD_SAMPLE_STORE_URL', '${server}' );
define( 'EDD_SAMPLE_ITEM_ID', ${ITEM_ID} );
define( 'EDD_SAMPLE_ITEM_NAME', '${ITEM_NAME}' );
define( 'EDD_SAMPLE_PLUGIN_LICENSE_PAGE', 'edd-sample-license' );
define( 'EDD_SAMPLE_VERSION', '${version}' );

if ( ! class_exists( 'EDD_SL_Plugin_Updater' ) ) {
\tinclude __DIR__ . '/EDD_SL_Plugin_Updater.php';
}

function edd_sl_sample_plugin_updater() {
\t$doing_cron = defined( 'DOING_CRON' ) && DOING_CRON;
\tif ( ! current_user_can( 'manage_options' ) && ! $doing_cron ) {
\t\treturn;
\t}
\tnew EDD_SL_Plugin_Updater(
\t\tEDD_SAMPLE_STORE_URL,
\t\t__FILE__,
\t\tarray(
\t\t\t'version' => EDD_SAMPLE_VERSION,
\t\t\t'license' => trim( (string) get_option( 'edd_sample_license_key' ) ),
\t\t\t${naming === 'item_name' ? "'item_name' => EDD_SAMPLE_ITEM_NAME," : "'item_id' => EDD_SAMPLE_ITEM_ID,"}
\t\t\t'author'  => 'E2E Vendor',
\t\t\t'beta'    => false,
\t\t)
\t);
}
add_action( 'init', 'edd_sl_sample_plugin_updater' );

/** The licence calls of EDD's sample plugin: its api_params, posted as a form to the store. */
function edd_sample_api( $action, $license ) {
\t$api_params = array(
\t\t'edd_action' => $action,
\t\t'license'    => $license,
\t\t${naming === 'item_name' ? "'item_name'  => urlencode( EDD_SAMPLE_ITEM_NAME ), // the name of our product in EDD" : "'item_id'    => EDD_SAMPLE_ITEM_ID,"}
\t\t'url'        => home_url(),
\t);
\treturn wp_remote_post(
\t\tEDD_SAMPLE_STORE_URL,
\t\tarray(
\t\t\t'timeout'   => 15,
\t\t\t'sslverify' => false,
\t\t\t'body'      => $api_params,
\t\t)
\t);
}

function edd_sample_activate_license() {
\tif ( ! isset( $_POST['edd_license_activate'] ) ) {
\t\treturn;
\t}
\tif ( ! check_admin_referer( 'edd_sample_nonce', 'edd_sample_nonce' ) ) {
\t\treturn;
\t}
\t$license = trim( (string) get_option( 'edd_sample_license_key' ) );
\tif ( ! $license ) {
\t\t$license = ! empty( $_POST['edd_sample_license_key'] ) ? sanitize_text_field( $_POST['edd_sample_license_key'] ) : '';
\t}
\tif ( ! $license ) {
\t\treturn;
\t}
\t$response = edd_sample_api( 'activate_license', $license );
\tif ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
\t\t$message = is_wp_error( $response ) ? $response->get_error_message() : 'An error occurred, please try again.';
\t} else {
\t\t$license_data = json_decode( wp_remote_retrieve_body( $response ) );
\t\tif ( false === $license_data->success ) {
\t\t\tswitch ( $license_data->error ) {
\t\t\t\tcase 'expired':
\t\t\t\t\t$message = 'Your license key expired on ' . $license_data->expires . '.';
\t\t\t\t\tbreak;
\t\t\t\tcase 'disabled':
\t\t\t\tcase 'revoked':
\t\t\t\t\t$message = 'Your license key has been disabled.';
\t\t\t\t\tbreak;
\t\t\t\tcase 'missing':
\t\t\t\t\t$message = 'Invalid license.';
\t\t\t\t\tbreak;
\t\t\t\tcase 'item_name_mismatch':
\t\t\t\t\t$message = 'This appears to be an invalid license key for ' . EDD_SAMPLE_ITEM_NAME . '.';
\t\t\t\t\tbreak;
\t\t\t\tcase 'no_activations_left':
\t\t\t\t\t$message = 'Your license key has reached its activation limit.';
\t\t\t\t\tbreak;
\t\t\t\tdefault:
\t\t\t\t\t$message = 'An error occurred, please try again.';
\t\t\t}
\t\t}
\t}
\tif ( ! empty( $message ) ) {
\t\twp_safe_redirect( add_query_arg( array( 'page' => EDD_SAMPLE_PLUGIN_LICENSE_PAGE, 'sl_activation' => 'false', 'message' => rawurlencode( $message ) ), admin_url( 'plugins.php' ) ) );
\t\texit();
\t}
\tif ( 'valid' === $license_data->license ) {
\t\tupdate_option( 'edd_sample_license_key', $license );
\t}
\tupdate_option( 'edd_sample_license_status', $license_data->license );
\twp_safe_redirect( admin_url( 'plugins.php?page=' . EDD_SAMPLE_PLUGIN_LICENSE_PAGE ) );
\texit();
}
add_action( 'admin_init', 'edd_sample_activate_license' );

function edd_sample_deactivate_license() {
\tif ( ! isset( $_POST['edd_license_deactivate'] ) ) {
\t\treturn;
\t}
\tif ( ! check_admin_referer( 'edd_sample_nonce', 'edd_sample_nonce' ) ) {
\t\treturn;
\t}
\t$response = edd_sample_api( 'deactivate_license', trim( (string) get_option( 'edd_sample_license_key' ) ) );
\tif ( ! is_wp_error( $response ) && 200 === wp_remote_retrieve_response_code( $response ) ) {
\t\t$license_data = json_decode( wp_remote_retrieve_body( $response ) );
\t\tif ( 'deactivated' === $license_data->license ) {
\t\t\tdelete_option( 'edd_sample_license_status' );
\t\t}
\t}
\twp_safe_redirect( admin_url( 'plugins.php?page=' . EDD_SAMPLE_PLUGIN_LICENSE_PAGE ) );
\texit();
}
add_action( 'admin_init', 'edd_sample_deactivate_license' );

/** EDD's sample echoes "valid" or "invalid"; this one answers the store's licence status. */
function edd_sample_check_license() {
\t$response = edd_sample_api( 'check_license', trim( (string) get_option( 'edd_sample_license_key' ) ) );
\tif ( is_wp_error( $response ) ) {
\t\treturn false;
\t}
\t$license_data = json_decode( wp_remote_retrieve_body( $response ) );
\treturn $license_data->license;
}

// Added for this shop (docs/migrating.md): core verifies the package's Ed25519 signature (the download's
// X-Content-Signature header) against the shop's public key, and refuses a package that fails.
add_filter( 'wp_trusted_keys', function ( $keys ) { $keys[] = '${publicKey}'; return $keys; } );
add_filter( 'wp_signature_hosts', function ( $hosts ) { $hosts[] = wp_parse_url( EDD_SAMPLE_STORE_URL, PHP_URL_HOST ); return $hosts; } );
add_filter( 'wp_signature_softfail', function ( $softfail, $url ) {
\treturn wp_parse_url( $url, PHP_URL_HOST ) === wp_parse_url( EDD_SAMPLE_STORE_URL, PHP_URL_HOST ) ? false : $softfail;
}, 10, 2 );
`;
  const readme = `=== EDD Sample Plugin ===
Requires at least: 6.0
Tested up to: 6.1
Requires PHP: 7.4
Stable tag: ${version}

A plugin sold through an EDD store.

== Changelog ==

= ${version} =
* Release ${version}.
`;
  return makeZip({
    [`${SLUG}/${SLUG}.php`]: main,
    [`${SLUG}/EDD_SL_Plugin_Updater.php`]: fs.readFileSync(UPDATER),
    [`${SLUG}/readme.txt`]: readme,
    [`${SLUG}/MARKER`]: marker,
  });
}

async function uploadRelease(version: string): Promise<void> {
  const body = multipartBody({ plugin_slug: SLUG, version, notes: `Release ${version}` }, { content: await pluginZip(version), filename: `${SLUG}.zip` });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/releases',
    headers: { ...(await t.adminHeaders()), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function activations(licenseId: number): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${licenseId}`, headers: await t.adminHeaders() });
  return response.json<{ activations: Array<{ site_url: string }> }>().activations.map((a) => a.site_url);
}

const wp = <T = Record<string, unknown>>(command: string, args: Record<string, unknown> = {}) => runDriver<Driven<T>>(site, command, args);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.each<Naming>(['item_name', 'item_id'])('an EDD-style client (EDD_SL_Plugin_Updater) on real WordPress 6.1, naming its item by %s', (mode) => {
  let license: { id: number; key: string };
  const siteName = mode === 'item_name' ? 'eddname' : 'eddid';
  const host = `${siteName}.example.com`;
  /** What names the item in the sample's licence calls and in the updater's get_version. */
  const licenceCallItem = mode === 'item_name' ? { item_name: ITEM_NAME_URLENCODED } : { item_id: ITEM_ID };
  const updaterItem = mode === 'item_name' ? { item_name: ITEM_NAME, item_id: false } : { item_name: false, item_id: ITEM_ID };

  beforeAll(async () => {
    naming = mode;
    t = await createTestApp({ seed: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
    server = `http://127.0.0.1:${port}`;
    await t.ctx.settings.update({ base_url: server });
    const headers = await t.adminHeaders();
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/plugins', headers, payload: { slug: SLUG, name: 'EDD Sample Plugin' } });
    expect(created.statusCode, created.body).toBe(201);
    const item = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${SLUG}`,
      headers,
      payload: { edd_item_id: ITEM_ID, edd_item_name: ITEM_NAME },
    });
    expect(item.statusCode, item.body).toBe(200);
    publicKey = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
    await uploadRelease('1.0.0');
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers,
      payload: { plugin_slug: SLUG, plan: 'lifetime', max_activations: 2, customer_email: 'buyer@example.com' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    license = issued.json<{ id: number; key: string }>();

    site = await createWordPressSite(work, siteName, {
      driver: DRIVER,
      env: { PLS_E2E_PLUGIN: BASENAME, PLS_E2E_PORT: String(port) },
      // WordPress.org's update check answers "nothing to update", so core's wp_update_plugins() runs to the end.
      muPlugins: {
        'wordpress-org.php': `<?php
add_filter( 'pre_http_request', function ( $pre, $args, $url ) {
\tif ( 'api.wordpress.org' !== parse_url( $url, PHP_URL_HOST ) ) { return $pre; }
\treturn array( 'headers' => array(), 'body' => '{"plugins":[],"translations":[],"no_update":[]}', 'response' => array( 'code' => 200, 'message' => 'OK' ), 'cookies' => array(), 'filename' => null );
}, 20, 3 );
`,
      },
    });
    const zip = path.join(work, `plugin-1.0.0-${siteName}.zip`);
    fs.writeFileSync(zip, await pluginZip('1.0.0'));
    expect(await wp('install-plugin', { zip })).toMatchObject({ error: null, plugin: { version: '1.0.0', active: true } });
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    if (site) await dropWordPressSite(site);
  });

  it('activates the licence from the licence screen: EDD fields sent, the site recorded and counted', async () => {
    const result = await wp<{ redirect: string; options: { key: string; status: string } }>('activate-license', { key: license.key.toLowerCase() });
    expect(result.redirect).toContain('plugins.php?page=edd-sample-license');
    expect(result.redirect).not.toContain('sl_activation=false');
    expect(result.options).toEqual({ key: license.key.toLowerCase(), status: 'valid' });
    // The admin page may also run core's update check (admin_init: _maybe_update_plugins): the updater's get_version.
    const calls = result.store_calls.filter((c) => c.fields.edd_action === 'activate_license');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    // Exactly what EDD's sample plugin sends, nothing more.
    expect(call!.fields).toEqual({ edd_action: 'activate_license', license: license.key.toLowerCase(), ...licenceCallItem, url: `https://${host}` });
    expect(call!.answer).toMatchObject({
      success: true,
      license: 'valid',
      // EDD answers the item_id and the name as it read them (absint, rawurldecode), else false and the item's name.
      item_id: mode === 'item_name' ? false : ITEM_ID,
      item_name: mode === 'item_name' ? 'Sample+Plugin+(EDD)' : ITEM_NAME,
      expires: 'lifetime',
      license_limit: 2,
      site_count: 1,
      activations_left: 1,
      customer_email: 'buyer@example.com',
      checksum: expect.stringMatching(/^[0-9a-f]{32}$/),
      payment_id: 0,
      customer_name: '',
      price_id: null,
    });
    expect(await activations(license.id)).toEqual([host]);
    expect((await wp<{ check: string }>('check-license')).check).toBe('valid');
  });

  it("WordPress's update check offers the newer release with an expiring signed package link", async () => {
    // Only 1.0.0 so far: the update list records it as current.
    const current = await wp<{ update: unknown; no_update: { new_version: string } | null }>('update-check');
    expect(current.update).toBeNull();
    expect(current.no_update?.new_version).toBe('1.0.0');

    await uploadRelease('1.1.0');
    await wp('forget-version-cache');
    const check = await wp<{
      update: { new_version: string; package: string; download_link: string; slug: string; plugin: string; sections: Record<string, string> } | null;
    }>('update-check');
    expect(check.update).toMatchObject({ new_version: '1.1.0', slug: SLUG, plugin: BASENAME });
    expect(check.update!.package).toMatch(new RegExp(`^${server}/api/v1/downloads/[^/]+/${SLUG}-1\\.1\\.0\\.zip$`));
    expect(check.update!.download_link).toBe(check.update!.package);
    expect(check.update!.sections.changelog).toContain('1.1.0');
    // What EDD_SL_Plugin_Updater sent: get_version with the licence, item, site, version and slug, by POST.
    const getVersion = check.store_calls.find((c) => c.fields.edd_action === 'get_version');
    expect(getVersion).toMatchObject({
      method: 'POST',
      status: 200,
      fields: { license: license.key.toLowerCase(), ...updaterItem, version: '1.0.0', slug: SLUG, url: `https://${host}`, beta: false },
    });
    // "View details" (plugins_api) reads the same answer.
    const info = await wp<{ info: { new_version: string; sections: Record<string, string>; name: string } }>('plugin-info');
    expect(info.info).toMatchObject({ new_version: '1.1.0', name: 'EDD Sample Plugin' });
    expect(info.info.sections.changelog).toContain('1.1.0');
  });

  it('Plugin_Upgrader refuses the package when its signature does not verify, then installs the genuine one', async () => {
    const release = await t.db.selectFrom('releases').selectAll().where('plugin_slug', '=', SLUG).where('version', '=', '1.1.0').executeTakeFirstOrThrow();
    await t.db
      .updateTable('releases')
      .set({ signature: randomBytes(64).toString('base64') })
      .where('id', '=', release.id)
      .execute();
    const refused = await wp<{ result: unknown; messages: string[]; plugin: OnDisk }>('upgrade');
    expect(refused.result).not.toBe(true);
    // Core's own words for a failed signature check (signature_verification_failed).
    expect(refused.messages.join(' ')).toContain('could not be verified');
    expect(refused.plugin).toEqual({ version: '1.0.0', marker: '1.0.0', active: true });
    await t.db.updateTable('releases').set({ signature: release.signature }).where('id', '=', release.id).execute();

    const upgraded = await wp<{ result: unknown; messages: string[]; plugin: OnDisk }>('upgrade');
    expect(upgraded.result, upgraded.messages.join('\n')).toBe(true);
    expect(upgraded.plugin).toEqual({ version: '1.1.0', marker: '1.1.0', active: true });
    // The new version asks with its own version, and is offered nothing newer.
    await wp('forget-version-cache');
    const after = await wp<{ update: unknown; no_update: { new_version: string } | null; checked: string }>('update-check');
    expect(after).toMatchObject({ update: null, checked: '1.1.0', no_update: { new_version: '1.1.0' } });
    expect(after.store_calls.find((c) => c.fields.edd_action === 'get_version')?.fields.version).toBe('1.1.0');
  });

  it('deactivates the licence: the seat is freed and check_license says inactive', async () => {
    const result = await wp<{ options: { key: string; status: string | false } }>('deactivate-license');
    expect(result.options.status).toBe(false);
    expect(result.store_calls[0]).toMatchObject({
      fields: { edd_action: 'deactivate_license', ...licenceCallItem, url: `https://${host}` },
      answer: { success: true, license: 'deactivated' },
    });
    expect(await activations(license.id)).toEqual([]);
    expect((await wp<{ check: string }>('check-license')).check).toBe('inactive');
  });
});
