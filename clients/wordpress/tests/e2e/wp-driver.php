<?php
/**
 * Drives a real WordPress install from the command line for the end-to-end test
 * (clients/wordpress/tests/wordpress.e2e.test.ts): php wp-driver.php <wordpress dir> <command> '<json args>'.
 * Prints one JSON object. Every command loads WordPress afresh, as a page load would.
 */

$wp_dir  = $argv[1];
// The site folder links the package's files; ABSPATH set here makes wp-load.php read this site's wp-config.php.
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
	$result = wp_install( 'E2E site', 'admin', 'admin@example.com', true, '', 'e2e-password-1' );
	update_option( 'siteurl', $args['url'] );
	update_option( 'home', $args['url'] );
	out( array( 'user_id' => $result['user_id'] ) );
}

// Everything else runs as the signed-in administrator in wp-admin, so the client's admin hooks are there.
define( 'WP_ADMIN', true );
require $wp_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
wp_set_current_user( 1 );

/** The paid plugin under test keeps its client here (see the plugin's main file in the test). */
function client() {
	return $GLOBALS['pls_e2e_client'];
}

function out( $value ) {
	echo json_encode( $value );
	exit( 0 );
}

function plugin_basename_under_test() {
	return getenv( 'PLS_E2E_PLUGIN' );
}

/** wp_safe_redirect() then exit in the form handler, and wp_die(): unwind instead of exiting. */
class E2E_Redirect extends Exception {}
class E2E_Die extends Exception {}
add_filter(
	'wp_redirect',
	function ( $location ) {
		throw new E2E_Redirect( $location );
	}
);
add_filter(
	'wp_die_handler',
	function () {
		return function ( $message ) {
			throw new E2E_Die( is_string( $message ) ? $message : 'died' );
		};
	}
);

switch ( $command ) {
	case 'install-plugin':
		$zip = new ZipArchive();
		$zip->open( $args['zip'] );
		$zip->extractTo( WP_PLUGIN_DIR );
		$zip->close();
		$activated = activate_plugin( plugin_basename_under_test() );
		out( array( 'activated' => ! is_wp_error( $activated ), 'error' => is_wp_error( $activated ) ? $activated->get_error_message() : null ) );

	case 'form':
		// The licence screen's form as the browser posts it: nonce, capability, action.
		$_POST    = array(
			'action'         => $args['form_action'],
			'licence_action' => $args['licence_action'],
			'licence_key'    => isset( $args['key'] ) ? $args['key'] : '',
			'_wpnonce'       => isset( $args['nonce'] ) ? $args['nonce'] : wp_create_nonce( $args['form_action'] ),
		);
		if ( isset( $args['fields'] ) ) {
			$_POST = array_merge( $_POST, $args['fields'] );
		}
		$_REQUEST = $_POST;
		if ( ! empty( $args['as_subscriber'] ) ) {
			$user = wp_insert_user( array( 'user_login' => 'sub' . wp_rand(), 'user_pass' => wp_generate_password(), 'role' => 'subscriber' ) );
			wp_set_current_user( $user );
		}
		$redirect = null;
		$died     = null;
		try {
			do_action( 'admin_post_' . $args['form_action'] );
		} catch ( E2E_Redirect $r ) {
			$redirect = $r->getMessage();
		} catch ( E2E_Die $d ) {
			$died = $d->getMessage();
		}
		wp_set_current_user( 1 );
		ob_start();
		client()->render_licence_page();
		out( array( 'redirect' => $redirect, 'died' => $died, 'page' => ob_get_clean(), 'licensed' => client()->is_licensed() ) );

	case 'state':
		$_GET = isset( $args['get'] ) ? $args['get'] : array();
		ob_start();
		client()->render_licence_page();
		$page = ob_get_clean();
		out( array( 'licensed' => client()->is_licensed(), 'status' => client()->status_text(), 'state' => client()->state(), 'page' => $page ) );

	case 'cron':
		// What WP-Cron runs daily.
		$hooks = _get_cron_array();
		$names = array();
		foreach ( $hooks as $events ) {
			$names = array_merge( $names, array_keys( $events ) );
		}
		$hook = sanitize_key( getenv( 'PLS_E2E_SLUG' ) ) . '_licence_daily_check';
		do_action( $hook );
		out( array( 'scheduled' => in_array( $hook, $names, true ), 'licensed' => client()->is_licensed(), 'state' => client()->state() ) );

	case 'tamper':
		$option = Plugin_Licensing_Client::option_name( getenv( 'PLS_E2E_SLUG' ) );
		$state  = get_option( $option );
		if ( 'flip' === $args['how'] ) {
			$state['signed']['payload'] = str_replace( '"valid":false', '"valid":true', $state['signed']['payload'] );
		} elseif ( 'age' === $args['how'] ) {
			$state['signed']['payload'] = preg_replace( '/"issued_at":"[^"]+"/', '"issued_at":"2020-01-01T00:00:00.000Z"', $state['signed']['payload'] );
		}
		update_option( $option, $state, false );
		out( array( 'licensed' => client()->is_licensed() ) );

	case 'check-updates':
		// What wp_update_plugins() does, without asking wordpress.org.
		$transient               = new stdClass();
		$transient->last_checked = time();
		$transient->checked      = array( plugin_basename_under_test() => get_plugin_data( WP_PLUGIN_DIR . '/' . plugin_basename_under_test() )['Version'] );
		$transient->response     = array();
		$transient->no_update    = array();
		set_site_transient( 'update_plugins', $transient );
		$saved    = get_site_transient( 'update_plugins' );
		$basename = plugin_basename_under_test();
		$item     = isset( $saved->response[ $basename ] ) ? $saved->response[ $basename ] : null;
		$message  = '';
		if ( $item ) {
			ob_start();
			do_action( 'in_plugin_update_message-' . $basename, array(), $item );
			$message = ob_get_clean();
		}
		out( array( 'update' => $item, 'message' => $message ) );

	case 'plugin-info':
		require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
		$info = plugins_api( 'plugin_information', array( 'slug' => getenv( 'PLS_E2E_SLUG' ) ) );
		out( is_wp_error( $info ) ? array( 'error' => $info->get_error_message() ) : (array) $info );

	case 'upgrade':
		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
		$skin     = new Automatic_Upgrader_Skin();
		$upgrader = new Plugin_Upgrader( $skin );
		$active   = is_plugin_active( plugin_basename_under_test() );
		$result   = $upgrader->upgrade( plugin_basename_under_test() );
		// Core deactivates the plugin for the upgrade and the admin screen activates it again afterwards.
		if ( $active && true === $result ) {
			activate_plugin( plugin_basename_under_test() );
		}
		$data     = get_plugin_data( WP_PLUGIN_DIR . '/' . plugin_basename_under_test(), false, false );
		out(
			array(
				'result'   => is_wp_error( $result ) ? $result->get_error_code() : $result,
				'messages' => $skin->get_upgrade_messages(),
				'version'  => $data['Version'],
				'marker'   => file_exists( WP_PLUGIN_DIR . '/' . dirname( plugin_basename_under_test() ) . '/MARKER' ) ? file_get_contents( WP_PLUGIN_DIR . '/' . dirname( plugin_basename_under_test() ) . '/MARKER' ) : null,
			)
		);

	case 'links':
		// The Plugins screen's action links of the plugin under test.
		$links = apply_filters( 'plugin_action_links_' . plugin_basename_under_test(), array( 'deactivate' => '<a href="plugins.php?action=deactivate">Deactivate</a>' ), plugin_basename_under_test(), array(), 'all' );
		out( array( 'links' => $links ) );

	case 'activate':
		$activated = activate_plugin( plugin_basename_under_test() );
		out( array( 'activated' => ! is_wp_error( $activated ), 'active' => is_plugin_active( plugin_basename_under_test() ) ) );

	case 'boom':
		// A request that runs the plugin's broken code path (the plugin hooks boom.php here).
		do_action( 'pls_e2e_boom' );
		out( array( 'survived' => true ) );

	case 'pending-health':
		out( array( 'pending' => get_option( sanitize_key( getenv( 'PLS_E2E_SLUG' ) ) . '_licence_health' ) ) );

	case 'admin-init':
		// The next admin page: admin_init runs (the client sends a pending health report there).
		do_action( 'admin_init' );
		out( array( 'pending' => get_option( sanitize_key( getenv( 'PLS_E2E_SLUG' ) ) . '_licence_health' ) ) );

	case 'notices':
		ob_start();
		do_action( 'admin_notices' );
		out( array( 'notices' => ob_get_clean() ) );

	case 'plugin':
		$data = get_plugin_data( WP_PLUGIN_DIR . '/' . plugin_basename_under_test(), false, false );
		$file = WP_PLUGIN_DIR . '/' . dirname( plugin_basename_under_test() ) . '/MARKER';
		out(
			array(
				'version' => $data['Version'],
				'marker'  => file_exists( $file ) ? file_get_contents( $file ) : null,
				'active'  => is_plugin_active( plugin_basename_under_test() ),
			)
		);

	case 'uninstall':
		require_once WP_PLUGIN_DIR . '/' . dirname( plugin_basename_under_test() ) . '/lib/plugin-licensing-client.php';
		$option = Plugin_Licensing_Client::option_name( getenv( 'PLS_E2E_SLUG' ) );
		$before = false !== get_option( $option );
		uninstall_plugin( plugin_basename_under_test() );
		out( array( 'had_option' => $before, 'has_option' => false !== get_option( $option ), 'cron' => (bool) wp_next_scheduled( sanitize_key( getenv( 'PLS_E2E_SLUG' ) ) . '_licence_daily_check' ) ) );

	case 'filters':
		$url = getenv( 'PLS_E2E_SERVER' ) . '/api/v1/downloads/x/y.zip';
		out(
			array(
				'trusted_keys' => apply_filters( 'wp_trusted_keys', array() ),
				'hosts'        => apply_filters( 'wp_signature_hosts', array() ),
				'softfail'     => apply_filters( 'wp_signature_softfail', true, $url ),
				'softfail_elsewhere' => apply_filters( 'wp_signature_softfail', true, 'https://downloads.wordpress.org/x.zip' ),
			)
		);
}

fwrite( STDERR, "unknown command $command\n" );
exit( 2 );
