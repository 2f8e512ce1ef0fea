<?php
/**
 * Plugin Licensing Client: licence screen, licence checks and signed updates for a paid WordPress plugin
 * sold through a plugin-licensing-server. PHP 7.4+, WordPress 5.2+ (core signature verification), no
 * dependencies. Guide: docs/wordpress-client.md in the server's repository.
 *
 *     require_once __DIR__ . '/lib/plugin-licensing-client.php';
 *     $my_plugin_licence = new Plugin_Licensing_Client( array(
 *         'server'      => 'https://licensing.example.com',
 *         'plugin_file' => __FILE__,
 *         'slug'        => 'my-plugin',
 *         'public_keys' => array( 'BASE64 ED25519 PUBLIC KEY' ),
 *     ) );
 *
 * Then `$my_plugin_licence->is_licensed()` tells the plugin whether to unlock its paid features. In the
 * plugin's uninstall.php: `Plugin_Licensing_Client::uninstall( 'my-plugin', 'https://licensing.example.com' );`.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! class_exists( 'Plugin_Licensing_Client' ) ) :

	// The class is in parts, one file a concern (each under plugin-licensing-client/), joined by traits.
	require_once __DIR__ . '/plugin-licensing-client/trait-signed-answers.php';
	require_once __DIR__ . '/plugin-licensing-client/trait-updates.php';
	require_once __DIR__ . '/plugin-licensing-client/trait-deactivation.php';
	require_once __DIR__ . '/plugin-licensing-client/trait-health.php';
	require_once __DIR__ . '/plugin-licensing-client/trait-licence-screen.php';

	/**
	 * One instance per paid plugin. What it stores lives in the option `{slug}_licence`, and the beta opt-in in
	 * `{slug}_licence_beta`.
	 */
	class Plugin_Licensing_Client {

		use Plugin_Licensing_Client_Signed_Answers;
		use Plugin_Licensing_Client_Updates;
		use Plugin_Licensing_Client_Deactivation;
		use Plugin_Licensing_Client_Health;
		use Plugin_Licensing_Client_Licence_Screen;

		const VERSION = '1.0.0';

		/** Signed answers older than this many days no longer count when the server cannot be reached. */
		const DEFAULT_GRACE_DAYS = 7;

		/** How long an update answer is kept before the server is asked again: 6 hours. */
		const UPDATE_CACHE_SECONDS = 21600;

		const DAY_SECONDS = 86400;

		/** @var string Server base URL, no trailing slash. */
		private $server;
		/** @var string */
		private $server_host;
		/** @var string Main plugin file, as __FILE__ in the plugin. */
		private $plugin_file;
		/** @var string plugin-folder/plugin-file.php */
		private $basename;
		/** @var string */
		private $slug;
		/** @var string */
		private $name;
		/** @var string[] Base64 Ed25519 public keys (the current one and, while rotating, the next). */
		private $public_keys;
		/** @var int */
		private $grace_days;
		/** @var string */
		private $option;
		/** @var string 'british' (licence) or 'american' (license): the word the screens use, as the vendor's shop spells it. */
		private $spelling;
		/** @var string The first group of the vendor's keys (its shop's key prefix), for the key field's example; '' for none. */
		private $key_prefix;
		/** @var array<string, true> Fatal errors already kept in this request (the handler and shutdown both see one). */
		private $fatal_errors_noted = array();

		/**
		 * @param array $config server, plugin_file, slug, public_keys (1 or 2), optional name, grace_days, spelling
		 *                      ('british' or 'american', the vendor's shop's spelling) and key_prefix (its keys' first group).
		 */
		public function __construct( array $config ) {
			foreach ( array( 'server', 'plugin_file', 'slug', 'public_keys' ) as $required ) {
				if ( empty( $config[ $required ] ) ) {
					throw new InvalidArgumentException( "Plugin_Licensing_Client: '$required' is required" );
				}
			}
			$this->server      = untrailingslashit( (string) $config['server'] );
			$this->server_host = (string) wp_parse_url( $this->server, PHP_URL_HOST );
			$this->plugin_file = (string) $config['plugin_file'];
			$this->basename    = plugin_basename( $this->plugin_file );
			$this->slug        = (string) $config['slug'];
			$this->name        = isset( $config['name'] ) ? (string) $config['name'] : $this->slug;
			$this->public_keys = array_values( array_filter( array_map( 'trim', (array) $config['public_keys'] ) ) );
			$this->grace_days  = isset( $config['grace_days'] ) ? max( 0, (int) $config['grace_days'] ) : self::DEFAULT_GRACE_DAYS;
			$this->option      = self::option_name( $this->slug );
			$this->spelling    = isset( $config['spelling'] ) && 'american' === $config['spelling'] ? 'american' : 'british';
			$this->key_prefix  = isset( $config['key_prefix'] ) ? self::clean_key( (string) $config['key_prefix'] ) : '';
			$this->register_hooks();
		}

		private function register_hooks() {
			// Core verifies every package from the server against the pinned keys, and refuses a bad one.
			add_filter( 'wp_trusted_keys', array( $this, 'filter_trusted_keys' ) );
			add_filter( 'wp_signature_hosts', array( $this, 'filter_signature_hosts' ) );
			add_filter( 'wp_signature_softfail', array( $this, 'filter_signature_softfail' ), 10, 2 );

			add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'filter_update_transient' ) );
			add_filter( 'plugins_api', array( $this, 'filter_plugins_api' ), 10, 3 );
			add_action( 'in_plugin_update_message-' . $this->basename, array( $this, 'print_withheld_reason' ), 10, 2 );

			add_action( $this->cron_hook(), array( $this, 'validate' ) );
			add_action( 'init', array( $this, 'schedule_daily_check' ) );
			// Release health (docs/releases.md): report once after an update, and fatal errors from this plugin's files.
			add_action( 'upgrader_process_complete', array( $this, 'note_update' ), 10, 2 );
			add_action( 'admin_init', array( $this, 'send_pending_health_report' ) );
			add_filter( 'wp_should_handle_php_error', array( $this, 'note_fatal_error' ), 10, 2 );
			// Core answers true for E_ERROR and the like before that filter runs, so a real fatal error is seen here,
			// as the handler builds its message (WordPress 5.2+), or at shutdown when no handler ran.
			add_filter( 'wp_php_error_message', array( $this, 'note_php_error_message' ), 10, 2 );
			register_shutdown_function( array( $this, 'note_shutdown_error' ) );
			// Rollback (docs/releases.md): the vendor withdrew the running version and offers the one before it.
			add_action( 'admin_notices', array( $this, 'print_rollback_notice' ) );
			register_deactivation_hook( $this->plugin_file, array( $this, 'unschedule_daily_check' ) );

			if ( is_admin() ) {
				add_action( 'admin_menu', array( $this, 'add_licence_page' ) );
				add_action( 'admin_post_' . $this->form_action(), array( $this, 'handle_licence_form' ) );
				add_filter( 'plugin_action_links_' . $this->basename, array( $this, 'add_action_link' ) );
				// Deactivation reasons (docs/releases.md): when the vendor asks, Deactivate leads to the question first.
				add_filter( 'plugin_action_links_' . $this->basename, array( $this, 'filter_deactivate_link' ), 20 );
			}
		}

		// ----- Licence state -----------------------------------------------------------------------------

		/**
		 * Whether the paid features may run: the last answer the server signed for this key and this site
		 * says valid, and is at most `grace_days` old. Editing the database cannot forge one (it is signed),
		 * and a server that is down costs nothing until the grace period runs out.
		 */
		public function is_licensed() {
			$answer = $this->verified_answer();
			return null !== $answer && true === $answer['valid'] && ! self::is_past_grace( $answer['issued_at'], $this->grace_days, time() );
		}

		/** The stored state: key, last code and detail, the signed answer, the last error. */
		public function state() {
			$state = get_option( $this->option, array() );
			return is_array( $state ) ? $state : array();
		}

		/** The last signed answer, verified against the pinned keys and this key and site; else null. */
		public function verified_answer() {
			$state = $this->state();
			if ( empty( $state['key'] ) || empty( $state['signed'] ) || ! is_array( $state['signed'] ) ) {
				return null;
			}
			return self::verify_signed_answer( $state['signed'], $this->public_keys, $state['key'], $this->site_url(), null );
		}

		/** Activates the key on this site. Answers the server's answer, or a WP_Error. */
		public function activate( $key ) {
			$key    = self::clean_key( $key );
			$answer = $this->post( '/api/v1/licenses/activate', array( 'license_key' => $key ) );
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
			$state = array(
				'key'    => empty( $answer['activated'] ) ? '' : $key,
				'code'   => isset( $answer['code'] ) ? (string) $answer['code'] : '',
				'detail' => isset( $answer['detail'] ) ? (string) $answer['detail'] : '',
			);
			$this->save_state( $state );
			if ( ! empty( $answer['activated'] ) ) {
				$this->validate();
			}
			return $answer;
		}

		/** Frees this site's seat and forgets the key. */
		public function deactivate() {
			$state = $this->state();
			if ( empty( $state['key'] ) ) {
				return new WP_Error( 'no_key', $this->say( __( 'No licence key is stored.', 'plugin-licensing-client' ) ) );
			}
			$answer = $this->post( '/api/v1/licenses/deactivate', array( 'license_key' => $state['key'] ) );
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
			$this->save_state(
				array(
					'key'    => '',
					'code'   => isset( $answer['code'] ) ? (string) $answer['code'] : '',
					'detail' => isset( $answer['detail'] ) ? (string) $answer['detail'] : '',
				)
			);
			delete_site_transient( $this->update_cache_key() );
			return $answer;
		}

		/**
		 * Asks the server for a signed answer (daily by WP-Cron, and after activation). A network failure keeps
		 * the last signed answer; a signed refusal replaces it at once.
		 */
		public function validate() {
			$state = $this->state();
			if ( empty( $state['key'] ) ) {
				return new WP_Error( 'no_key', $this->say( __( 'No licence key is stored.', 'plugin-licensing-client' ) ) );
			}
			$nonce  = bin2hex( random_bytes( 16 ) );
			$answer = $this->post(
				'/api/v1/licenses/validate',
				array_merge(
					array(
						'license_key' => $state['key'],
						'signed'      => '1',
						'nonce'       => $nonce,
					),
					$this->site_report()
				)
			);
			if ( is_wp_error( $answer ) ) {
				$state['last_error'] = $answer->get_error_message();
				$state['failed_at']  = time();
				$this->save_state( $state );
				return $answer;
			}
			$signed = isset( $answer['signature'] ) && is_array( $answer['signature'] ) ? $answer['signature'] : array();
			if ( null === self::verify_signed_answer( $signed, $this->public_keys, $state['key'], $this->site_url(), $nonce ) ) {
				$state['last_error'] = $this->say( __( 'The licence server answered without a valid signature. Check the public key in the plugin.', 'plugin-licensing-client' ) );
				$state['failed_at']  = time();
				$this->save_state( $state );
				return new WP_Error( 'bad_signature', $state['last_error'] );
			}
			$state['signed']     = array(
				'payload'   => (string) $signed['payload'],
				'signature' => (string) $signed['signature'],
			);
			$state['code']       = isset( $answer['code'] ) ? (string) $answer['code'] : '';
			$state['detail']     = isset( $answer['detail'] ) ? (string) $answer['detail'] : '';
			$state['license']    = isset( $answer['license'] ) && is_array( $answer['license'] ) ? $answer['license'] : null;
			$state['last_error'] = '';
			$state['checked_at'] = time();
			$this->save_state( $state );
			return $answer;
		}

		private function save_state( array $state ) {
			update_option( $this->option, $state, false );
		}
	}

endif;
