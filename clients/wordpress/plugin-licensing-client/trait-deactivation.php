<?php
/**
 * Plugin Licensing Client, part of the class Plugin_Licensing_Client (plugin-licensing-client.php, which
 * loads this file): Deactivation reasons, the withheld update's reason, the renew link and core's signature filters.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

trait Plugin_Licensing_Client_Deactivation {

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
}
