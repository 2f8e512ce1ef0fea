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

	/**
	 * One instance per paid plugin. What it stores lives in the option `{slug}_licence`, and the beta opt-in in
	 * `{slug}_licence_beta`.
	 */
	class Plugin_Licensing_Client {

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

		// ----- Pure parts (unit tested without WordPress) -------------------------------------------------

		/**
		 * Checks a signed validate answer: the Ed25519 signature over the exact payload text by one of the
		 * pinned keys, then that the payload names this key (by SHA-256), this site and, when given, the nonce
		 * the request sent. Answers the decoded payload, or null.
		 */
		public static function verify_signed_answer( $signed, array $public_keys, $key, $site_url, $nonce ) {
			if ( ! is_array( $signed ) || ! isset( $signed['payload'], $signed['signature'] ) || ! is_string( $signed['payload'] ) || ! is_string( $signed['signature'] ) ) {
				return null;
			}
			$signature = base64_decode( $signed['signature'], true );
			if ( false === $signature || SODIUM_CRYPTO_SIGN_BYTES !== strlen( $signature ) ) {
				return null;
			}
			$verified = false;
			foreach ( $public_keys as $public_key ) {
				$raw_key = base64_decode( (string) $public_key, true );
				if ( false === $raw_key || SODIUM_CRYPTO_SIGN_PUBLICKEYBYTES !== strlen( $raw_key ) ) {
					continue;
				}
				if ( sodium_crypto_sign_verify_detached( $signature, $signed['payload'], $raw_key ) ) {
					$verified = true;
					break;
				}
			}
			if ( ! $verified ) {
				return null;
			}
			$payload = json_decode( $signed['payload'], true );
			if ( ! is_array( $payload ) || ! isset( $payload['valid'], $payload['license_key_sha256'], $payload['site_url'], $payload['issued_at'] ) ) {
				return null;
			}
			if ( ! hash_equals( hash( 'sha256', (string) $key ), (string) $payload['license_key_sha256'] ) ) {
				return null;
			}
			if ( (string) $payload['site_url'] !== (string) $site_url ) {
				return null;
			}
			if ( null !== $nonce && ( ! isset( $payload['nonce'] ) || ! hash_equals( (string) $nonce, (string) $payload['nonce'] ) ) ) {
				return null;
			}
			if ( false === strtotime( (string) $payload['issued_at'] ) ) {
				return null;
			}
			$payload['valid'] = true === $payload['valid'];
			return $payload;
		}

		/** Whether an answer issued at `$issued_at` (ISO 8601) is older than the grace period at `$now`. */
		public static function is_past_grace( $issued_at, $grace_days, $now ) {
			$issued = strtotime( (string) $issued_at );
			// An answer dated in the future (a wrong clock somewhere) counts from now, not from then.
			return false === $issued || $now - min( $issued, $now ) > $grace_days * self::DAY_SECONDS;
		}

		/** Trims and upper-cases a key as typed, keeping only letters, digits and dashes. */
		public static function clean_key( $key ) {
			return strtoupper( preg_replace( '/[^A-Za-z0-9-]/', '', (string) $key ) );
		}

		/**
		 * Pure: a text written with the British word in the vendor's spelling ("licence" → "license" for 'american').
		 * Applied after translation, so a translation keeps its own words.
		 */
		public static function spell( $text, $spelling ) {
			return 'american' === $spelling ? (string) preg_replace( '/\\b([Ll])icence(s?)\\b/', '$1icense$2', (string) $text ) : (string) $text;
		}

		/** A text of the screens in the vendor's spelling. */
		private function say( $text ) {
			return self::spell( $text, $this->spelling );
		}

		/** Pure: the key field's example, `SFP-XXXX-XXXX-XXXX-XXXX` with the vendor's prefix, five groups of X without one. */
		public static function key_placeholder( $prefix ) {
			$prefix = self::clean_key( (string) $prefix );
			return ( '' !== $prefix ? $prefix : 'XXXX' ) . '-XXXX-XXXX-XXXX-XXXX';
		}

		/**
		 * Pure: what updates the licence the server answered includes (its plan and expiry, never a fixed promise):
		 * "Lifetime updates" for a lifetime licence, "Updates until 28 November 2027, renewable" for one that expires,
		 * '' when the answer says neither. `$format_date` turns the expiry's timestamp into the site's date format.
		 */
		public static function updates_text( $license, $format_date ) {
			if ( ! is_array( $license ) ) {
				return '';
			}
			$expires = isset( $license['expires_at'] ) ? strtotime( (string) $license['expires_at'] ) : false;
			if ( false !== $expires && null !== $expires && $expires > 0 ) {
				/* translators: %s: the licence's expiry date */
				return sprintf( __( 'Updates until %s, renewable', 'plugin-licensing-client' ), call_user_func( $format_date, $expires ) );
			}
			return isset( $license['plan'] ) && 'lifetime' === $license['plan'] ? __( 'Lifetime updates', 'plugin-licensing-client' ) : '';
		}

		/** Shows `8022-AB12-****-****-7QX2`: enough to tell keys apart on screen. */
		public static function mask_key( $key ) {
			$groups = explode( '-', (string) $key );
			$last   = count( $groups ) - 1;
			foreach ( $groups as $i => $group ) {
				if ( $i > 1 && $i < $last ) {
					$groups[ $i ] = str_repeat( '*', strlen( $group ) );
				}
			}
			return implode( '-', $groups );
		}

		/** The option that keeps a plugin's licence state. */
		public static function option_name( $slug ) {
			return sanitize_key( $slug ) . '_licence';
		}

		// ----- Server calls --------------------------------------------------------------------------------

		/** POSTs form fields (the key travels in the body, never in a URL); answers the decoded body or a WP_Error. */
		private function post( $path, array $fields ) {
			$fields = array_merge(
				array(
					'site_url'    => $this->site_url(),
					'plugin_slug' => $this->slug,
					'environment' => function_exists( 'wp_get_environment_type' ) ? wp_get_environment_type() : 'production',
				),
				$fields
			);
			$response = wp_remote_post(
				$this->server . $path,
				array(
					'timeout' => 15,
					'body'    => $fields,
					'headers' => array( 'Accept' => 'application/json' ),
				)
			);
			if ( is_wp_error( $response ) ) {
				return $response;
			}
			$status = (int) wp_remote_retrieve_response_code( $response );
			$body   = json_decode( wp_remote_retrieve_body( $response ), true );
			if ( 200 !== $status || ! is_array( $body ) ) {
				$message = is_array( $body ) && isset( $body['message'] ) ? (string) $body['message'] : sprintf( 'HTTP %d', $status );
				/* translators: %s: the licence server's message */
				return new WP_Error( 'licence_server_' . $status, sprintf( $this->say( __( 'The licence server refused the request: %s', 'plugin-licensing-client' ) ), $message ) );
			}
			return $body;
		}

		private function site_url() {
			return home_url();
		}

		/** Whether this site opted into beta releases (the checkbox on the licence screen). */
		public function wants_beta() {
			return '1' === get_option( $this->beta_option_name(), '0' );
		}

		private function beta_option_name() {
			return sanitize_key( $this->slug ) . '_licence_beta';
		}

		// ----- Updates ------------------------------------------------------------------------------------

		/** The server's update answer for this plugin (cached), or null. */
		public function update_info( $force = false ) {
			$cache_key = $this->update_cache_key();
			$cached    = get_site_transient( $cache_key );
			if ( ! $force && is_array( $cached ) ) {
				return $cached;
			}
			$state  = $this->state();
			$answer = $this->post(
				'/api/v1/plugins/' . rawurlencode( $this->slug ) . '/update',
				array_merge(
					$this->site_report(),
					array(
						'license_key' => isset( $state['key'] ) ? $state['key'] : '',
						// The site's opt-in from the licence screen; the vendor may also put the licence on beta.
						'channel'     => $this->wants_beta() ? 'beta' : 'stable',
					)
				)
			);
			if ( is_wp_error( $answer ) || empty( $answer['version'] ) ) {
				return null;
			}
			set_site_transient( $cache_key, $answer, self::UPDATE_CACHE_SECONDS );
			return $answer;
		}

		public function filter_update_transient( $transient ) {
			if ( ! is_object( $transient ) || empty( $transient->checked ) ) {
				return $transient;
			}
			$info = $this->update_info( true );
			if ( null === $info ) {
				return $transient;
			}
			$item = (object) array(
				'id'             => $this->server . '/plugin/' . $this->slug,
				'slug'           => $this->slug,
				'plugin'         => $this->basename,
				'new_version'    => (string) $info['version'],
				'url'            => isset( $info['homepage'] ) ? (string) $info['homepage'] : '',
				'package'        => isset( $info['download_url'] ) ? (string) $info['download_url'] : '',
				'icons'          => isset( $info['icons'] ) ? (array) $info['icons'] : array(),
				'banners'        => isset( $info['banners'] ) ? (array) $info['banners'] : array(),
				'requires'       => isset( $info['requires'] ) ? $info['requires'] : null,
				'tested'         => isset( $info['tested'] ) ? $info['tested'] : null,
				'requires_php'   => isset( $info['requires_php'] ) ? $info['requires_php'] : null,
				'upgrade_notice' => isset( $info['upgrade_notice'] ) ? (string) $info['upgrade_notice'] : '',
			);
			if ( version_compare( $item->new_version, $this->installed_version(), '>' ) ) {
				$transient->response[ $this->basename ] = $item;
				unset( $transient->no_update[ $this->basename ] );
			} else {
				$transient->no_update[ $this->basename ] = $item;
				unset( $transient->response[ $this->basename ] );
			}
			return $transient;
		}

		/** "View details": the plugin information modal, with changelog, icons and banners from the server. */
		public function filter_plugins_api( $result, $action, $args ) {
			if ( 'plugin_information' !== $action || ! is_object( $args ) || ! isset( $args->slug ) || $args->slug !== $this->slug ) {
				return $result;
			}
			$info = $this->update_info();
			if ( null === $info ) {
				return $result;
			}
			$sections = isset( $info['sections'] ) ? (array) $info['sections'] : array();
			return (object) array(
				'name'          => isset( $info['name'] ) ? (string) $info['name'] : $this->name,
				'slug'          => $this->slug,
				'version'       => (string) $info['version'],
				'author'        => isset( $info['author'] ) ? (string) $info['author'] : '',
				'homepage'      => isset( $info['homepage'] ) ? (string) $info['homepage'] : '',
				'requires'      => isset( $info['requires'] ) ? $info['requires'] : null,
				'tested'        => isset( $info['tested'] ) ? $info['tested'] : null,
				'requires_php'  => isset( $info['requires_php'] ) ? $info['requires_php'] : null,
				'last_updated'  => isset( $info['last_updated'] ) ? $info['last_updated'] : null,
				'sections'      => $sections,
				'banners'       => isset( $info['banners'] ) ? (array) $info['banners'] : array(),
				'icons'         => isset( $info['icons'] ) ? (array) $info['icons'] : array(),
				'download_link' => isset( $info['download_url'] ) ? (string) $info['download_url'] : '',
				'external'      => true,
			);
		}

		// ----- Rollback -----------------------------------------------------------------------------------

		/**
		 * The rollback the server offers, or null: the vendor withdrew the version this site runs and offers the
		 * release before it (`rollback` in the update answer: version, withdrawn_version, package, signature).
		 */
		public function offered_rollback( $force = false ) {
			$info = $this->update_info( $force );
			if ( null === $info || empty( $info['rollback'] ) || ! is_array( $info['rollback'] ) || empty( $info['rollback']['package'] ) || empty( $info['rollback']['version'] ) ) {
				return null;
			}
			$rollback = $info['rollback'];
			return version_compare( (string) $rollback['version'], $this->installed_version(), '<' ) ? $rollback : null;
		}

		/**
		 * Installs the offered rollback through WordPress's own Plugin_Upgrader, as an update: core downloads the
		 * package and verifies its signature against the pinned keys (a failed check refuses it, see
		 * filter_signature_softfail), then replaces the plugin's folder. WordPress's update flow never offers a
		 * lower version, so the offer is put in the update list for this one upgrade only.
		 *
		 * @return array|WP_Error valid and detail, or why it failed (the plugin stays as it was).
		 */
		public function install_rollback() {
			$rollback = $this->offered_rollback( true );
			if ( null === $rollback ) {
				return new WP_Error( 'no_rollback', $this->say( __( 'The licence server offers no earlier version for this site.', 'plugin-licensing-client' ) ) );
			}
			require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
			$item   = (object) array(
				'id'          => $this->server . '/plugin/' . $this->slug,
				'slug'        => $this->slug,
				'plugin'      => $this->basename,
				'new_version' => (string) $rollback['version'],
				'url'         => '',
				'package'     => (string) $rollback['package'],
			);
			$offer  = function ( $value ) use ( $item ) {
				if ( ! is_object( $value ) ) {
					$value = new stdClass();
				}
				if ( ! isset( $value->response ) || ! is_array( $value->response ) ) {
					$value->response = array();
				}
				$value->response[ $item->plugin ] = $item;
				return $value;
			};
			$active = is_plugin_active( $this->basename );
			add_filter( 'site_transient_update_plugins', $offer );
			$skin     = new Automatic_Upgrader_Skin();
			$upgrader = new Plugin_Upgrader( $skin );
			$result   = $upgrader->upgrade( $this->basename );
			remove_filter( 'site_transient_update_plugins', $offer );
			delete_site_transient( $this->update_cache_key() );
			if ( true !== $result ) {
				$messages = array_filter( array_map( 'wp_strip_all_tags', (array) $skin->get_upgrade_messages() ) );
				$reason   = is_wp_error( $result ) ? $result->get_error_message() : implode( ' ', $messages );
				/* translators: 1: version, 2: the upgrader's reason */
				return new WP_Error( 'rollback_failed', sprintf( __( 'Version %1$s could not be installed: %2$s', 'plugin-licensing-client' ), $rollback['version'], $reason ) );
			}
			// Core deactivates the plugin for the upgrade; it was active, so it is again.
			if ( $active && ! is_plugin_active( $this->basename ) ) {
				activate_plugin( $this->basename );
			}
			return array(
				'valid'  => true,
				/* translators: %s: version */
				'detail' => sprintf( __( 'Version %s is installed again; its signature was verified.', 'plugin-licensing-client' ), $rollback['version'] ),
			);
		}

		/** admin_notices: tells an administrator who may update plugins that a rollback is offered, with its button. */
		public function print_rollback_notice() {
			if ( ! current_user_can( 'update_plugins' ) ) {
				return;
			}
			$rollback = $this->offered_rollback();
			if ( null === $rollback ) {
				return;
			}
			echo '<div class="notice notice-warning pls-rollback"><form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><p>';
			/* translators: 1: plugin name, 2: withdrawn version, 3: offered version */
			echo esc_html( sprintf( __( 'The vendor of %1$s withdrew version %2$s, which this site runs, and recommends going back to version %3$s.', 'plugin-licensing-client' ), $this->name, isset( $rollback['withdrawn_version'] ) ? $rollback['withdrawn_version'] : $this->installed_version(), $rollback['version'] ) ) . ' ';
			echo '<input type="hidden" name="action" value="' . esc_attr( $this->form_action() ) . '">';
			wp_nonce_field( $this->form_action() );
			/* translators: %s: version */
			echo '<button class="button button-primary" name="licence_action" value="rollback">' . esc_html( sprintf( __( 'Install version %s', 'plugin-licensing-client' ), $rollback['version'] ) ) . '</button>';
			echo '</p></form></div>';
		}

		// ----- Deactivation reasons -------------------------------------------------------------------------

		/**
		 * The answers the vendor offers when asking why the plugin is deactivated, from the last update answer
		 * (no request of its own); empty when the vendor does not ask or the site has no licence.
		 */
		public function deactivation_reasons() {
			$state  = $this->state();
			$cached = get_site_transient( $this->update_cache_key() );
			if ( empty( $state['key'] ) || ! is_array( $cached ) || empty( $cached['deactivation_survey']['reasons'] ) ) {
				return array();
			}
			return array_values( array_filter( array_map( 'strval', (array) $cached['deactivation_survey']['reasons'] ) ) );
		}

		/** plugin_action_links: Deactivate opens the question on the licence screen when the vendor asks. */
		public function filter_deactivate_link( $links ) {
			if ( isset( $links['deactivate'] ) && array() !== $this->deactivation_reasons() && current_user_can( 'activate_plugins' ) ) {
				$links['deactivate'] = '<a href="' . esc_url( add_query_arg( 'pls_deactivate', '1', $this->page_url() ) ) . '">' . esc_html__( 'Deactivate', 'plugin-licensing-client' ) . '</a>';
			}
			return $links;
		}

		/** The question, on the licence screen: one answer of the vendor's, optional words, or deactivate without answering. */
		private function render_deactivation_form( array $reasons ) {
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="pls-deactivation">';
			echo '<input type="hidden" name="action" value="' . esc_attr( $this->form_action() ) . '">';
			wp_nonce_field( $this->form_action() );
			/* translators: %s: plugin name */
			echo '<h2>' . esc_html( sprintf( __( 'Why are you deactivating %s?', 'plugin-licensing-client' ), $this->name ) ) . '</h2>';
			echo '<p>' . esc_html__( 'Your answer goes to the plugin\'s vendor with this site\'s address and helps them improve it.', 'plugin-licensing-client' ) . '</p>';
			foreach ( $reasons as $index => $reason ) {
				echo '<p><label><input type="radio" name="deactivation_reason" value="' . esc_attr( $reason ) . '"' . ( 0 === $index ? ' required' : '' ) . '> ' . esc_html( $reason ) . '</label></p>';
			}
			echo '<p><label for="pls-deactivation-details">' . esc_html__( 'Anything you would like to add (optional)', 'plugin-licensing-client' ) . '</label><br>';
			echo '<textarea id="pls-deactivation-details" name="deactivation_details" rows="3" cols="60" maxlength="1000"></textarea></p>';
			echo '<p><button class="button button-primary" name="licence_action" value="deactivate_plugin">' . esc_html__( 'Send and deactivate', 'plugin-licensing-client' ) . '</button> ';
			echo '<button class="button" name="licence_action" value="deactivate_plugin_silently" formnovalidate>' . esc_html__( 'Deactivate without answering', 'plugin-licensing-client' ) . '</button></p>';
			echo '</form>';
		}

		/** Sends the chosen answer (one of the vendor's), once, then deactivates the plugin and returns to the Plugins screen. */
		private function deactivate_with_reason( $answer ) {
			if ( ! current_user_can( 'activate_plugins' ) ) {
				return new WP_Error( 'forbidden', __( 'You are not allowed to deactivate plugins.', 'plugin-licensing-client' ) );
			}
			$reason = isset( $_POST['deactivation_reason'] ) ? sanitize_text_field( wp_unslash( $_POST['deactivation_reason'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification -- checked in handle_licence_form.
			$state  = $this->state();
			if ( $answer && '' !== $reason && in_array( $reason, $this->deactivation_reasons(), true ) ) {
				$details = isset( $_POST['deactivation_details'] ) ? sanitize_textarea_field( wp_unslash( $_POST['deactivation_details'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification
				$this->post_json(
					'/api/v1/plugins/' . rawurlencode( $this->slug ) . '/deactivation',
					array_filter(
						array(
							'license_key' => $state['key'],
							'site_url'    => $this->site_url(),
							'version'     => $this->installed_version(),
							'reason'      => $reason,
							'details'     => substr( $details, 0, 1000 ),
						)
					)
				);
			}
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
			deactivate_plugins( $this->basename );
			wp_safe_redirect( admin_url( 'plugins.php?deactivate=true' ) );
			exit;
		}

		/** Why the update cannot be installed, from the server's machine-readable reason. */
		public function withheld_reason() {
			$info = $this->update_info();
			if ( null === $info || ! empty( $info['download_url'] ) ) {
				return '';
			}
			$code = isset( $info['package_withheld']['code'] ) ? (string) $info['package_withheld']['code'] : 'license_required';
			$messages = array(
				'license_required' => $this->say( __( 'Enter a valid licence key to receive updates.', 'plugin-licensing-client' ) ),
				'license_expired'  => $this->say( __( 'Your licence has expired. Renew it to receive updates.', 'plugin-licensing-client' ) ),
				'license_revoked'  => $this->say( __( 'Your licence has been revoked, so updates are not available.', 'plugin-licensing-client' ) ),
				'site_inactive'    => $this->say( __( 'Your licence is not active on this site. Activate it on the licence screen.', 'plugin-licensing-client' ) ),
			);
			return isset( $messages[ $code ] ) ? $messages[ $code ] : $messages['license_required'];
		}

		public function print_withheld_reason( $plugin_data, $response ) {
			if ( is_object( $response ) && empty( $response->package ) ) {
				$reason = $this->withheld_reason();
				if ( '' !== $reason ) {
					echo ' <strong>' . esc_html( $reason ) . '</strong>';
					$renew = $this->renew_url();
					if ( '' !== $renew ) {
						echo ' <a class="pls-licence-renew" href="' . esc_url( $renew ) . '" target="_blank" rel="noopener noreferrer">' . esc_html__( 'Renew', 'plugin-licensing-client' ) . '</a>';
					}
					echo ' <a href="' . esc_url( $this->page_url() ) . '">' . esc_html( $this->say( __( 'Licence settings', 'plugin-licensing-client' ) ) ) . '</a>';
				}
			}
		}

		/**
		 * The licence server's renewal page for this site's expired licence, or '' when the licence has not expired.
		 * The update check's `package_withheld.renew_url` when it points at the licence server, else built from the key.
		 */
		public function renew_url() {
			$state = $this->state();
			if ( empty( $state['key'] ) ) {
				return '';
			}
			$info    = $this->update_info();
			$expired = is_array( $info ) && isset( $info['package_withheld']['code'] ) && 'license_expired' === $info['package_withheld']['code'];
			if ( ! $expired && ! ( isset( $state['license']['status'] ) && 'expired' === $state['license']['status'] ) ) {
				return '';
			}
			$offered = $expired && isset( $info['package_withheld']['renew_url'] ) ? (string) $info['package_withheld']['renew_url'] : '';
			return self::renew_url_for( $this->server, $state['key'], $offered );
		}

		/** Pure: the offered renewal link if it is the licence server's own renewal page, else that page for the key. */
		public static function renew_url_for( $server, $key, $offered ) {
			$base = rtrim( (string) $server, '/' ) . '/renew?';
			if ( '' !== $offered && 0 === strpos( $offered, $base ) ) {
				return $offered;
			}
			return $base . 'key=' . rawurlencode( (string) $key );
		}

		public function filter_trusted_keys( $keys ) {
			return array_values( array_unique( array_merge( (array) $keys, $this->public_keys ) ) );
		}

		public function filter_signature_hosts( $hosts ) {
			$hosts   = (array) $hosts;
			$hosts[] = $this->server_host;
			return array_values( array_unique( $hosts ) );
		}

		/** A package from the licence server that fails verification is refused, never installed anyway. */
		public function filter_signature_softfail( $softfail, $url ) {
			return wp_parse_url( (string) $url, PHP_URL_HOST ) === $this->server_host ? false : $softfail;
		}

		/**
		 * What this site runs, for the vendor's dashboard (plugin, WordPress and PHP versions). Informational:
		 * the server never decides anything on it and ignores values it cannot read.
		 */
		private function site_report() {
			return array(
				'installed_version' => $this->installed_version(),
				'wp_version'        => (string) get_bloginfo( 'version' ),
				'php_version'       => PHP_VERSION,
			);
		}

		private function installed_version() {
			if ( ! function_exists( 'get_plugin_data' ) ) {
				require_once ABSPATH . 'wp-admin/includes/plugin.php';
			}
			$data = get_plugin_data( $this->plugin_file, false, false );
			return isset( $data['Version'] ) ? (string) $data['Version'] : '0';
		}

		// ----- Release health -----------------------------------------------------------------------------

		private function health_option_name() {
			return sanitize_key( $this->slug ) . '_licence_health';
		}

		/** upgrader_process_complete: when this plugin was updated, a report is due on the next admin page. */
		public function note_update( $upgrader, $extra ) {
			$plugins = isset( $extra['plugins'] ) ? (array) $extra['plugins'] : ( isset( $extra['plugin'] ) ? array( $extra['plugin'] ) : array() );
			if ( ! isset( $extra['type'] ) || 'plugin' !== $extra['type'] || ! in_array( $this->basename, $plugins, true ) ) {
				return;
			}
			$answer = get_site_transient( $this->update_cache_key() );
			$target = is_array( $answer ) && ! empty( $answer['version'] ) ? (string) $answer['version'] : '';
			update_option( $this->health_option_name(), array( 'version' => $target, 'errors' => array() ), false );
		}

		/**
		 * WordPress's fatal-error handler asks this filter whether to handle an error: a fatal error whose file
		 * lies in this plugin is kept for the pending report (the filter's answer is left as it was).
		 */
		public function note_fatal_error( $should_handle, $error ) {
			$pending = get_option( $this->health_option_name() );
			$dir     = wp_normalize_path( dirname( $this->plugin_file ) ) . '/';
			if ( is_array( $pending ) && is_array( $error ) && isset( $error['file'] ) && 0 === strpos( wp_normalize_path( (string) $error['file'] ), $dir ) ) {
				$noted = sprintf( '%s:%d:%s', (string) $error['file'], isset( $error['line'] ) ? (int) $error['line'] : 0, (string) $error['message'] );
				if ( isset( $this->fatal_errors_noted[ $noted ] ) ) {
					return $should_handle;
				}
				$this->fatal_errors_noted[ $noted ] = true;
				$pending['errors'][] = array(
					'message' => substr( (string) $error['message'], 0, 2000 ),
					'file'    => substr( wp_normalize_path( (string) $error['file'] ), strlen( wp_normalize_path( ABSPATH ) ) ),
					'line'    => isset( $error['line'] ) ? (int) $error['line'] : 0,
				);
				$pending['errors'] = array_slice( $pending['errors'], 0, 20 );
				update_option( $this->health_option_name(), $pending, false );
			}
			return $should_handle;
		}

		/** wp_php_error_message: WordPress's fatal-error handler is about to show its message for `$error`. */
		public function note_php_error_message( $message, $error ) {
			$this->note_fatal_error( true, $error );
			return $message;
		}

		/** At shutdown: a fatal error WordPress's handler did not see (disabled, or a drop-in of its own). */
		public function note_shutdown_error() {
			$error = error_get_last();
			if ( is_array( $error ) && in_array( (int) $error['type'], array( E_ERROR, E_PARSE, E_COMPILE_ERROR, E_USER_ERROR, E_RECOVERABLE_ERROR ), true ) ) {
				$this->note_fatal_error( true, $error );
			}
		}

		/** Sends the report once: success unless a fatal error from this plugin was seen or the version did not change. */
		public function send_pending_health_report() {
			$pending = get_option( $this->health_option_name() );
			$state   = $this->state();
			if ( ! is_array( $pending ) || empty( $pending['version'] ) || empty( $state['key'] ) ) {
				return;
			}
			delete_option( $this->health_option_name() );
			$running = $this->installed_version();
			$failed  = ! empty( $pending['errors'] ) || $running !== $pending['version'];
			$this->post_json(
				'/api/v1/plugins/' . rawurlencode( $this->slug ) . '/health',
				array(
					'license_key'     => $state['key'],
					'site_url'        => $this->site_url(),
					'version'         => $pending['version'],
					'outcome'         => $failed ? 'failure' : 'success',
					'running_version' => $running,
					'fatal_errors'    => array_values( (array) $pending['errors'] ),
				)
			);
		}

		/** A JSON POST (the report's fatal_errors is a list), answered or not: a report is never retried. */
		private function post_json( $path, array $body ) {
			wp_remote_post(
				$this->server . $path,
				array(
					'timeout' => 5,
					'body'    => wp_json_encode( $body ),
					'headers' => array(
						'Content-Type' => 'application/json',
						'Accept'       => 'application/json',
					),
				)
			);
		}

		private function update_cache_key() {
			return sanitize_key( $this->slug ) . '_licence_update';
		}

		// ----- Daily check and uninstall ------------------------------------------------------------------

		private function cron_hook() {
			return sanitize_key( $this->slug ) . '_licence_daily_check';
		}

		public function schedule_daily_check() {
			if ( ! wp_next_scheduled( $this->cron_hook() ) ) {
				wp_schedule_event( time() + 3600, 'daily', $this->cron_hook() );
			}
		}

		public function unschedule_daily_check() {
			wp_clear_scheduled_hook( $this->cron_hook() );
		}

		/**
		 * Call from the plugin's uninstall.php: frees the site's seat on the server when it can, and removes
		 * everything this client stored.
		 */
		public static function uninstall( $slug, $server = '' ) {
			$state = get_option( self::option_name( $slug ), array() );
			if ( $server && is_array( $state ) && ! empty( $state['key'] ) ) {
				wp_remote_post(
					untrailingslashit( $server ) . '/api/v1/licenses/deactivate',
					array(
						'timeout' => 5,
						'body'    => array(
							'license_key' => $state['key'],
							'site_url'    => home_url(),
						),
					)
				);
			}
			delete_option( self::option_name( $slug ) );
			delete_option( sanitize_key( $slug ) . '_licence_beta' );
			delete_option( sanitize_key( $slug ) . '_licence_health' );
			delete_site_transient( sanitize_key( $slug ) . '_licence_update' );
			wp_clear_scheduled_hook( sanitize_key( $slug ) . '_licence_daily_check' );
		}

		// ----- Licence screen -----------------------------------------------------------------------------

		private function page_slug() {
			return sanitize_key( $this->slug ) . '-licence';
		}

		private function form_action() {
			return sanitize_key( $this->slug ) . '_licence';
		}

		public function page_url() {
			return admin_url( 'options-general.php?page=' . $this->page_slug() );
		}

		public function add_licence_page() {
			add_options_page(
				/* translators: %s: plugin name */
				sprintf( $this->say( __( '%s Licence', 'plugin-licensing-client' ) ), $this->name ),
				/* translators: %s: plugin name */
				sprintf( $this->say( __( '%s Licence', 'plugin-licensing-client' ) ), $this->name ),
				'manage_options',
				$this->page_slug(),
				array( $this, 'render_licence_page' )
			);
		}

		public function add_action_link( $links ) {
			array_unshift( $links, '<a href="' . esc_url( $this->page_url() ) . '">' . esc_html( $this->say( __( 'Licence', 'plugin-licensing-client' ) ) ) . '</a>' );
			return $links;
		}

		/** What the screen says about the licence now. */
		public function status_text() {
			$state = $this->state();
			if ( empty( $state['key'] ) ) {
				return $this->say( __( 'No licence is active on this site.', 'plugin-licensing-client' ) );
			}
			if ( $this->is_licensed() ) {
				if ( ! empty( $state['last_error'] ) ) {
					return $this->say( __( 'Active. The licence server could not be reached at the last check; the licence stays active during the grace period.', 'plugin-licensing-client' ) );
				}
				return __( 'Active on this site.', 'plugin-licensing-client' );
			}
			$answer = $this->verified_answer();
			if ( null !== $answer && ! $answer['valid'] ) {
				return ! empty( $state['detail'] ) ? $state['detail'] : $this->say( __( 'The licence is not valid.', 'plugin-licensing-client' ) );
			}
			return $this->say( __( 'The licence could not be confirmed with the licence server.', 'plugin-licensing-client' ) );
		}

		public function render_licence_page() {
			if ( ! current_user_can( 'manage_options' ) ) {
				wp_die( esc_html( $this->say( __( 'You are not allowed to manage this licence.', 'plugin-licensing-client' ) ) ) );
			}
			$state  = $this->state();
			$notice = get_transient( $this->form_action() . '_notice_' . get_current_user_id() );
			delete_transient( $this->form_action() . '_notice_' . get_current_user_id() );
			echo '<div class="wrap"><h1>' . esc_html( sprintf( /* translators: %s: plugin name */ $this->say( __( '%s Licence', 'plugin-licensing-client' ) ), $this->name ) ) . '</h1>';
			$reasons = $this->deactivation_reasons();
			if ( isset( $_GET['pls_deactivate'] ) && array() !== $reasons && current_user_can( 'activate_plugins' ) ) { // phpcs:ignore WordPress.Security.NonceVerification -- only shows a form.
				$this->render_deactivation_form( $reasons );
				echo '</div>';
				return;
			}
			if ( is_array( $notice ) ) {
				echo '<div class="notice notice-' . ( 'success' === $notice['type'] ? 'success' : 'error' ) . '"><p>' . esc_html( $notice['message'] ) . '</p></div>';
			}
			echo '<p><strong>' . esc_html__( 'Status:', 'plugin-licensing-client' ) . '</strong> <span class="pls-licence-status">' . esc_html( $this->status_text() ) . '</span></p>';
			// What the licence includes, from the server's answer (its plan and expiry), not from any shop's promise.
			$updates = self::updates_text(
				isset( $state['license'] ) ? $state['license'] : null,
				function ( $timestamp ) {
					return date_i18n( get_option( 'date_format' ), $timestamp );
				}
			);
			if ( '' !== $updates ) {
				echo '<p class="pls-licence-updates">' . esc_html( $updates ) . '</p>';
			}
			$renew = $this->renew_url();
			if ( '' !== $renew ) {
				echo '<p><a class="button button-primary pls-licence-renew" href="' . esc_url( $renew ) . '" target="_blank" rel="noopener noreferrer">' . esc_html__( 'Renew', 'plugin-licensing-client' ) . '</a> ';
				echo esc_html( $this->say( __( 'Your licence has expired: renew it to receive updates again.', 'plugin-licensing-client' ) ) ) . '</p>';
			}
			if ( isset( $state['license']['activations_used'], $state['license']['max_activations'] ) ) {
				// An unlimited tier's licence carries 1,000,000 sites (the server's UNLIMITED_ACTIVATIONS): said as unlimited.
				if ( (int) $state['license']['max_activations'] >= 1000000 ) {
					/* translators: %d: sites in use */
					echo '<p>' . esc_html( sprintf( __( 'Sites: %d of unlimited', 'plugin-licensing-client' ), $state['license']['activations_used'] ) ) . '</p>';
				} else {
					/* translators: 1: sites in use, 2: sites allowed */
					echo '<p>' . esc_html( sprintf( __( 'Sites: %1$d of %2$d', 'plugin-licensing-client' ), $state['license']['activations_used'], $state['license']['max_activations'] ) ) . '</p>';
				}
			}
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
			echo '<input type="hidden" name="action" value="' . esc_attr( $this->form_action() ) . '">';
			wp_nonce_field( $this->form_action() );
			if ( empty( $state['key'] ) ) {
				echo '<p><label for="pls-licence-key">' . esc_html( $this->say( __( 'Licence key', 'plugin-licensing-client' ) ) ) . '</label><br>';
				echo '<input id="pls-licence-key" class="regular-text code" name="licence_key" autocomplete="off" placeholder="' . esc_attr( self::key_placeholder( $this->key_prefix ) ) . '"></p>';
				echo '<p><button class="button button-primary" name="licence_action" value="activate">' . esc_html__( 'Activate', 'plugin-licensing-client' ) . '</button></p>';
			} else {
				echo '<p>' . esc_html( $this->say( __( 'Licence key', 'plugin-licensing-client' ) ) ) . ': <code>' . esc_html( self::mask_key( $state['key'] ) ) . '</code></p>';
				echo '<p><button class="button" name="licence_action" value="check">' . esc_html__( 'Check now', 'plugin-licensing-client' ) . '</button> ';
				echo '<button class="button" name="licence_action" value="deactivate">' . esc_html__( 'Deactivate on this site', 'plugin-licensing-client' ) . '</button></p>';
			}
			echo '</form>';
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
			echo '<input type="hidden" name="action" value="' . esc_attr( $this->form_action() ) . '">';
			wp_nonce_field( $this->form_action() );
			echo '<p><label><input type="checkbox" id="pls-licence-beta" name="licence_beta" value="1"' . checked( $this->wants_beta(), true, false ) . '> ';
			echo esc_html__( 'Receive beta releases on this site', 'plugin-licensing-client' ) . '</label></p>';
			echo '<p><button class="button" name="licence_action" value="channel">' . esc_html__( 'Save update channel', 'plugin-licensing-client' ) . '</button></p>';
			echo '</form></div>';
		}

		/** admin-post.php handler: capability and nonce first, then the action, then back to the screen. */
		public function handle_licence_form() {
			if ( ! current_user_can( 'manage_options' ) ) {
				wp_die( esc_html( $this->say( __( 'You are not allowed to manage this licence.', 'plugin-licensing-client' ) ) ), 403 );
			}
			check_admin_referer( $this->form_action() );
			$action = isset( $_POST['licence_action'] ) ? sanitize_key( wp_unslash( $_POST['licence_action'] ) ) : '';
			if ( 'activate' === $action ) {
				$key    = isset( $_POST['licence_key'] ) ? self::clean_key( wp_unslash( $_POST['licence_key'] ) ) : '';
				$result = '' === $key ? new WP_Error( 'empty', $this->say( __( 'Enter your licence key.', 'plugin-licensing-client' ) ) ) : $this->activate( $key );
			} elseif ( 'deactivate' === $action ) {
				$result = $this->deactivate();
			} elseif ( 'check' === $action ) {
				$result = $this->validate();
			} elseif ( 'deactivate_plugin' === $action || 'deactivate_plugin_silently' === $action ) {
				$result = $this->deactivate_with_reason( 'deactivate_plugin' === $action );
			} elseif ( 'rollback' === $action ) {
				$result = current_user_can( 'update_plugins' ) ? $this->install_rollback() : new WP_Error( 'forbidden', __( 'You are not allowed to update plugins.', 'plugin-licensing-client' ) );
			} elseif ( 'channel' === $action ) {
				$beta = isset( $_POST['licence_beta'] ) && '1' === sanitize_key( wp_unslash( $_POST['licence_beta'] ) );
				update_option( $this->beta_option_name(), $beta ? '1' : '0', false );
				// The next update check asks again, on the chosen channel.
				delete_site_transient( $this->update_cache_key() );
				$result = array(
					'valid'  => true,
					'detail' => $beta ? __( 'This site now receives beta releases.', 'plugin-licensing-client' ) : __( 'This site now receives stable releases only.', 'plugin-licensing-client' ),
				);
			} else {
				$result = new WP_Error( 'unknown', __( 'Unknown action.', 'plugin-licensing-client' ) );
			}
			if ( is_wp_error( $result ) ) {
				$notice = array( 'type' => 'error', 'message' => $result->get_error_message() );
			} else {
				$ok     = ! empty( $result['activated'] ) || ! empty( $result['deactivated'] ) || ! empty( $result['valid'] );
				$notice = array( 'type' => $ok ? 'success' : 'error', 'message' => isset( $result['detail'] ) ? (string) $result['detail'] : '' );
			}
			set_transient( $this->form_action() . '_notice_' . get_current_user_id(), $notice, MINUTE_IN_SECONDS );
			wp_safe_redirect( $this->page_url() );
			exit;
		}
	}

endif;
