<?php
/**
 * Plugin Licensing Client, part of the class Plugin_Licensing_Client (plugin-licensing-client.php, which
 * loads this file): Updates through core, and the rollback the vendor offers for a withdrawn version.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

trait Plugin_Licensing_Client_Updates {

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
}
