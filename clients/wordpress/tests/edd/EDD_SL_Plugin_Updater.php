<?php
/**
 * A minimal re-implementation of Easy Digital Downloads' `EDD_SL_Plugin_Updater` (the class EDD Software Licensing
 * ships in its sample plugin, version 1.9.x; the original is by Easy Digital Downloads / Awesome Motive, GPL-2.0+,
 * https://github.com/awesomemotive/EDD-License-handler and EDD Software Licensing's `samples/` folder), written
 * for the end-to-end test `clients/wordpress/tests/edd-client.e2e.test.ts`: a plugin already in the field talks
 * to this shop exactly as it talked to its EDD store. What it keeps of the original, because that is what reaches
 * the store and what core does with the answer:
 *
 * - the hooks: `pre_set_site_transient_update_plugins` (the update offer) and `plugins_api` ("View details");
 * - the request, byte for byte what 1.9.x sends: `wp_remote_post( $store_url, array( 'timeout' => 15,
 *   'sslverify' => …, 'body' => array( 'edd_action' => 'get_version', 'license', 'item_name' (as the plugin gave
 *   it, else false), 'item_id' (else false), 'version', 'slug' (the main file's name without `.php`), 'author',
 *   'url' => home_url(), 'beta', 'php_version', 'wp_version' ) ) )`, through the `edd_sl_plugin_updater_api_params`
 *   filter; core's form encoding sends `false` as `0`;
 * - the answer's handling: `json_decode`, then `maybe_unserialize` on `sections`, `banners` and `icons` when they
 *   are strings (older EDD stores sent PHP-serialised text), objects turned into the arrays core expects, each
 *   section also copied onto the answer, `plugin` and `id` set to the plugin's basename;
 * - the version-info cache (an option, `edd_sl_` + md5, three hours) and the failed-request back-off (an hour).
 *
 * Left out (not on the path the test drives): the multisite update row, the changelog thickbox and the
 * `$edd_plugin_data` global.
 */

if ( ! class_exists( 'EDD_SL_Plugin_Updater' ) ) {

	class EDD_SL_Plugin_Updater {

		private $api_url     = '';
		private $api_data    = array();
		private $plugin_file = '';
		private $name        = '';
		private $slug        = '';
		private $version     = '';
		private $wp_override = false;
		private $beta        = false;
		private $cache_key   = '';
		private $failed_request_cache_key;

		/**
		 * @param string $_api_url     The store's URL (where EDD answered `edd_action`).
		 * @param string $_plugin_file The plugin's main file.
		 * @param array  $_api_data    version, license, item_id or item_name, author, beta.
		 */
		public function __construct( $_api_url, $_plugin_file, $_api_data = null ) {
			$this->api_url                  = trailingslashit( $_api_url );
			$this->api_data                 = (array) $_api_data;
			$this->plugin_file              = $_plugin_file;
			$this->name                     = plugin_basename( $_plugin_file );
			$this->slug                     = basename( $_plugin_file, '.php' );
			$this->version                  = $this->api_data['version'];
			$this->wp_override              = ! empty( $this->api_data['wp_override'] );
			$this->beta                     = ! empty( $this->api_data['beta'] );
			$this->failed_request_cache_key = 'edd_sl_failed_http_' . md5( $this->api_url );
			$license                        = isset( $this->api_data['license'] ) ? $this->api_data['license'] : '';
			$this->cache_key                = 'edd_sl_' . md5( $this->slug . $license . $this->beta );
			$this->init();
		}

		public function init() {
			add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'check_update' ) );
			add_filter( 'plugins_api', array( $this, 'plugins_api_filter' ), 10, 3 );
		}

		/**
		 * Runs when WordPress stores its list of plugin updates: asks the store for the latest version and offers
		 * it when it is newer than the installed one.
		 */
		public function check_update( $_transient_data ) {
			global $pagenow;
			if ( ! is_object( $_transient_data ) ) {
				$_transient_data = new stdClass();
			}
			if ( 'plugins.php' === $pagenow && is_multisite() ) {
				return $_transient_data;
			}
			if ( ! empty( $_transient_data->response ) && ! empty( $_transient_data->response[ $this->name ] ) && false === $this->wp_override ) {
				return $_transient_data;
			}
			$current = $this->get_repo_api_data();
			if ( false !== $current && is_object( $current ) && isset( $current->new_version ) ) {
				if ( version_compare( $this->version, $current->new_version, '<' ) ) {
					$_transient_data->response[ $this->name ] = $current;
				} else {
					$_transient_data->no_update[ $this->name ] = $current;
				}
			}
			$_transient_data->last_checked           = time();
			$_transient_data->checked[ $this->name ] = $this->version;
			return $_transient_data;
		}

		/** The store's answer for this plugin (cached), shaped the way core's update list holds an entry. */
		public function get_repo_api_data() {
			$version_info = $this->get_cached_version_info();
			if ( false === $version_info ) {
				$version_info = $this->api_request(
					'plugin_latest_version',
					array(
						'slug' => $this->slug,
						'beta' => $this->beta,
					)
				);
				if ( ! $version_info ) {
					return false;
				}
				$version_info->plugin = $this->name;
				$version_info->id     = $this->name;
				$version_info->tested = $this->get_tested_version( $version_info );
				$this->set_version_info_cache( $version_info );
			}
			return $version_info;
		}

		private function get_tested_version( $version_info ) {
			if ( empty( $version_info->tested ) ) {
				return null;
			}
			// "6.1" tested means every 6.1.x: core compares the full version.
			list( $current_wp_version ) = explode( '-', get_bloginfo( 'version' ) );
			if ( 0 === strpos( $current_wp_version, $version_info->tested . '.' ) ) {
				return $current_wp_version;
			}
			return $version_info->tested;
		}

		/** "View details": the store's answer as core's plugin information. */
		public function plugins_api_filter( $_data, $_action = '', $_args = null ) {
			if ( 'plugin_information' !== $_action ) {
				return $_data;
			}
			if ( ! isset( $_args->slug ) || ( $_args->slug !== $this->slug ) ) {
				return $_data;
			}
			$license   = isset( $this->api_data['license'] ) ? $this->api_data['license'] : '';
			$cache_key = 'edd_api_request_' . md5( serialize( $this->slug . $license . $this->beta ) );
			$cached    = $this->get_cached_version_info( $cache_key );
			if ( empty( $cached ) ) {
				$api_response = $this->api_request(
					'plugin_information',
					array(
						'slug'   => $this->slug,
						'is_ssl' => is_ssl(),
						'fields' => array(
							'banners' => array(),
							'reviews' => false,
							'icons'   => array(),
						),
					)
				);
				$this->set_version_info_cache( $api_response, $cache_key );
				if ( false !== $api_response ) {
					$_data = $api_response;
				}
			} else {
				$_data = $cached;
			}
			if ( ! is_object( $_data ) ) {
				return $_data;
			}
			foreach ( array( 'sections', 'banners', 'icons', 'contributors' ) as $field ) {
				if ( isset( $_data->$field ) && ! is_array( $_data->$field ) ) {
					$_data->$field = $this->convert_object_to_array( $_data->$field );
				}
			}
			if ( ! isset( $_data->plugin ) ) {
				$_data->plugin = $this->name;
			}
			return $_data;
		}

		/** Core expects arrays where json_decode gives objects (sections, banners, icons). */
		private function convert_object_to_array( $data ) {
			if ( ! is_array( $data ) && ! is_object( $data ) ) {
				return array();
			}
			$new_data = array();
			foreach ( $data as $key => $value ) {
				$new_data[ $key ] = is_object( $value ) ? $this->convert_object_to_array( $value ) : $value;
			}
			return $new_data;
		}

		private function request_recently_failed() {
			$failed_until = get_option( $this->failed_request_cache_key );
			if ( empty( $failed_until ) || ! is_numeric( $failed_until ) ) {
				return false;
			}
			if ( time() > $failed_until ) {
				delete_option( $this->failed_request_cache_key );
				return false;
			}
			return true;
		}

		private function log_failed_request() {
			update_option( $this->failed_request_cache_key, strtotime( '+1 hour' ), false );
		}

		/** Asks the store: `edd_action=get_version`, posted as a form. */
		private function api_request( $_action, $_data ) {
			$data = array_merge( $this->api_data, $_data );
			if ( $data['slug'] !== $this->slug ) {
				return false;
			}
			if ( trailingslashit( home_url() ) === $this->api_url ) {
				return false; // A store never asks itself.
			}
			if ( $this->request_recently_failed() ) {
				return false;
			}
			// get_version_from_remote() in 1.9.x: the fields from the constructor's data, in this order.
			$api_params = array(
				'edd_action'  => 'get_version',
				'license'     => ! empty( $this->api_data['license'] ) ? $this->api_data['license'] : '',
				'item_name'   => isset( $this->api_data['item_name'] ) ? $this->api_data['item_name'] : false,
				'item_id'     => isset( $this->api_data['item_id'] ) ? $this->api_data['item_id'] : false,
				'version'     => isset( $this->api_data['version'] ) ? $this->api_data['version'] : false,
				'slug'        => $this->slug,
				'author'      => $this->api_data['author'],
				'url'         => home_url(),
				'beta'        => $this->beta,
				'php_version' => phpversion(),
				'wp_version'  => get_bloginfo( 'version' ),
			);
			$api_params = apply_filters( 'edd_sl_plugin_updater_api_params', $api_params, $this->api_data, $this->plugin_file );
			$request = wp_remote_post(
				$this->api_url,
				array(
					'timeout'   => 15,
					'sslverify' => (bool) apply_filters( 'edd_sl_api_request_verify_ssl', true, $this ),
					'body'      => $api_params,
				)
			);
			if ( is_wp_error( $request ) || 200 !== wp_remote_retrieve_response_code( $request ) ) {
				$this->log_failed_request();
				return false;
			}
			$request = json_decode( wp_remote_retrieve_body( $request ) );
			if ( $request && isset( $request->sections ) ) {
				$request->sections = maybe_unserialize( $request->sections );
			} else {
				$request = false;
			}
			if ( $request && isset( $request->banners ) ) {
				$request->banners = maybe_unserialize( $request->banners );
			}
			if ( $request && isset( $request->icons ) ) {
				$request->icons = maybe_unserialize( $request->icons );
			}
			if ( ! empty( $request->sections ) ) {
				foreach ( $request->sections as $key => $section ) {
					$request->$key = (array) $section;
				}
			}
			return $request;
		}

		public function get_cached_version_info( $cache_key = '' ) {
			$cache = get_option( empty( $cache_key ) ? $this->cache_key : $cache_key );
			if ( empty( $cache['timeout'] ) || time() > $cache['timeout'] ) {
				return false;
			}
			// json_decode turns the arrays back into objects; the callers convert them again.
			$cache['value'] = json_decode( $cache['value'] );
			if ( ! empty( $cache['value']->icons ) ) {
				$cache['value']->icons = (array) $cache['value']->icons;
			}
			return $cache['value'];
		}

		public function set_version_info_cache( $value = '', $cache_key = '' ) {
			$data = array(
				'timeout' => strtotime( '+3 hours', time() ),
				'value'   => wp_json_encode( $value ),
			);
			update_option( empty( $cache_key ) ? $this->cache_key : $cache_key, $data, 'no' );
		}
	}
}
