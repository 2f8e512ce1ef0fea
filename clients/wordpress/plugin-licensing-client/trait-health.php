<?php
/**
 * Plugin Licensing Client, part of the class Plugin_Licensing_Client (plugin-licensing-client.php, which
 * loads this file): Release health reports, the daily check and uninstall.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

trait Plugin_Licensing_Client_Health {

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
}
