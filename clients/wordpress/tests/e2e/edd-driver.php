<?php
/**
 * Drives a real WordPress install with an EDD-style plugin (EDD_SL_Plugin_Updater and EDD's sample licence
 * screen) for clients/wordpress/tests/edd-client.e2e.test.ts: php edd-driver.php <site dir> <command> '<json args>'.
 * Prints one JSON object, with `store_calls`: every request the site made to the store (its fields and the
 * store's answer). Every command loads WordPress afresh, as a page load would, as the signed-in administrator.
 */

$wp_dir  = $argv[1];
define( 'ABSPATH', rtrim( $wp_dir, '/' ) . '/' );
$command = $argv[2];
$args    = isset( $argv[3] ) ? json_decode( $argv[3], true ) : array();

$host                   = getenv( 'PLS_E2E_HOST' ) ?: 'site.example.com';
$_SERVER['HTTP_HOST']   = $host;
$_SERVER['SERVER_NAME'] = $host;
$_SERVER['REQUEST_URI'] = '/wp-admin/';
$_SERVER['SERVER_PORT'] = 443;
$_SERVER['HTTPS']       = 'on';

if ( 'install' === $command ) {
	define( 'WP_INSTALLING', true );
	require $wp_dir . '/wp-load.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$result = wp_install( 'EDD e2e site', 'admin', 'admin@example.com', true, '', 'e2e-password-1' );
	update_option( 'siteurl', $args['url'] );
	update_option( 'home', $args['url'] );
	echo json_encode( array( 'user_id' => $result['user_id'] ) );
	exit( 0 );
}

// The administrator is signed in from the start, so the sample plugin's `init` hook (manage_options) sets up its
// updater as on a wp-admin page. A hook registered before WordPress loads (WP_Hook's pre-initialised form).
$GLOBALS['wp_filter'] = array(
	'determine_current_user' => array(
		99 => array(
			array(
				'function'      => function ( $user_id ) {
					return $user_id ? $user_id : 1;
				},
				'accepted_args' => 1,
			),
		),
	),
);
define( 'WP_ADMIN', true );
require $wp_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';

$store_calls = array();
add_action(
	'http_api_debug',
	function ( $response, $context, $class, $request, $url ) use ( &$store_calls ) {
		if ( 'response' !== $context || ! is_array( $request['body'] ) || ! isset( $request['body']['edd_action'] ) ) {
			return;
		}
		$store_calls[] = array(
			'url'    => $url,
			'method' => $request['method'],
			'fields' => $request['body'],
			'status' => is_wp_error( $response ) ? $response->get_error_message() : wp_remote_retrieve_response_code( $response ),
			'answer' => is_wp_error( $response ) ? null : json_decode( wp_remote_retrieve_body( $response ), true ),
		);
	},
	10,
	5
);

function out( $value ) {
	global $store_calls;
	echo json_encode( array_merge( $value, array( 'store_calls' => $store_calls ) ) );
	exit( 0 );
}

function plugin_under_test() {
	return getenv( 'PLS_E2E_PLUGIN' );
}

function plugin_on_disk() {
	$file = WP_PLUGIN_DIR . '/' . plugin_under_test();
	$data = get_plugin_data( $file, false, false );
	$mark = dirname( $file ) . '/MARKER';
	return array(
		'version' => $data['Version'],
		'marker'  => file_exists( $mark ) ? file_get_contents( $mark ) : null,
		'active'  => is_plugin_active( plugin_under_test() ),
	);
}

/** The licence options EDD's sample plugin keeps. */
function licence_options() {
	return array(
		'key'    => get_option( 'edd_sample_license_key' ),
		'status' => get_option( 'edd_sample_license_status' ),
	);
}

/** wp_safe_redirect() then exit in the sample's handlers: unwind instead of exiting. */
class E2E_Redirect extends Exception {}
add_filter(
	'wp_redirect',
	function ( $location ) {
		throw new E2E_Redirect( $location );
	}
);

/** The sample's licence form as the browser posts it to options.php: its button, key field and nonce; admin_init handles it. */
function post_licence_form( $button, $key ) {
	$_POST    = array(
		$button                  => '1',
		'edd_sample_license_key' => $key,
		'edd_sample_nonce'       => wp_create_nonce( 'edd_sample_nonce' ),
	);
	$_REQUEST = $_POST;
	$redirect = null;
	try {
		do_action( 'admin_init' );
	} catch ( E2E_Redirect $r ) {
		$redirect = $r->getMessage();
	}
	return $redirect;
}

switch ( $command ) {
	case 'install-plugin':
		$zip = new ZipArchive();
		$zip->open( $args['zip'] );
		$zip->extractTo( WP_PLUGIN_DIR );
		$zip->close();
		$activated = activate_plugin( plugin_under_test() );
		out( array( 'error' => is_wp_error( $activated ) ? $activated->get_error_message() : null, 'plugin' => plugin_on_disk() ) );

	case 'activate-license':
		$redirect = post_licence_form( 'edd_license_activate', $args['key'] );
		out( array( 'redirect' => $redirect, 'options' => licence_options() ) );

	case 'deactivate-license':
		$redirect = post_licence_form( 'edd_license_deactivate', '' );
		out( array( 'redirect' => $redirect, 'options' => licence_options() ) );

	case 'check-license':
		out( array( 'check' => edd_sample_check_license() ) );

	case 'update-check':
		// What WP-Cron's wp_update_plugins() does (WordPress.org's answer is the site's mu-plugin's: nothing to update).
		delete_site_transient( 'update_plugins' );
		wp_update_plugins();
		$saved = get_site_transient( 'update_plugins' );
		$name  = plugin_under_test();
		out(
			array(
				'update'    => isset( $saved->response[ $name ] ) ? $saved->response[ $name ] : null,
				'no_update' => isset( $saved->no_update[ $name ] ) ? $saved->no_update[ $name ] : null,
				'checked'   => isset( $saved->checked[ $name ] ) ? $saved->checked[ $name ] : null,
			)
		);

	case 'plugin-info':
		require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
		$info = plugins_api( 'plugin_information', array( 'slug' => dirname( plugin_under_test() ) ) );
		out( array( 'info' => is_wp_error( $info ) ? array( 'error' => $info->get_error_message() ) : (array) $info ) );

	case 'forget-version-cache':
		// The updater caches the store's answer for three hours; a changed release is asked for again.
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE 'edd\\_sl\\_%' OR option_name LIKE 'edd\\_api\\_request\\_%'" );
		wp_cache_flush();
		out( array( 'forgotten' => true ) );

	case 'upgrade':
		// Dashboard → Updates → Update: core's Plugin_Upgrader with the package the update list holds.
		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
		$skin     = new Automatic_Upgrader_Skin();
		$upgrader = new Plugin_Upgrader( $skin );
		$active   = is_plugin_active( plugin_under_test() );
		$result   = $upgrader->upgrade( plugin_under_test() );
		if ( $active && true === $result ) {
			activate_plugin( plugin_under_test() );
		}
		out(
			array(
				'result'   => is_wp_error( $result ) ? $result->get_error_code() : $result,
				'messages' => $skin->get_upgrade_messages(),
				'plugin'   => plugin_on_disk(),
			)
		);

	case 'plugin':
		out( array( 'plugin' => plugin_on_disk() ) );
}

fwrite( STDERR, "unknown command $command\n" );
exit( 2 );
