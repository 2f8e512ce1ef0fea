<?php
/**
 * Plugin Licensing Client, part of the class Plugin_Licensing_Client (plugin-licensing-client.php, which
 * loads this file): The licence screen under Settings and its form.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

trait Plugin_Licensing_Client_Licence_Screen {

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
