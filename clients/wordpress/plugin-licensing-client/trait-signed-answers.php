<?php
/**
 * Plugin Licensing Client, part of the class Plugin_Licensing_Client (plugin-licensing-client.php, which
 * loads this file): The pure parts (unit tested without WordPress) and the calls to the server.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

trait Plugin_Licensing_Client_Signed_Answers {

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
}
