<?php
// Unit tests for the client's pure parts (no WordPress): php clients/wordpress/tests/unit-test.php
// Prints one line per failure and ends with "N passed, N failed"; exits 1 on any failure.
define( 'ABSPATH', __DIR__ . '/' );
// WordPress's translation function, as an untranslated site answers it.
if ( ! function_exists( '__' ) ) {
	function __( $text, $domain = 'default' ) {
		return $text;
	}
}
require __DIR__ . '/../plugin-licensing-client.php';

$passed = 0;
$failed = 0;
function check( $name, $condition ) {
	global $passed, $failed;
	if ( $condition ) {
		$passed++;
	} else {
		$failed++;
		echo "FAIL: $name\n";
	}
}

$pair       = sodium_crypto_sign_keypair();
$secret     = sodium_crypto_sign_secretkey( $pair );
$public     = base64_encode( sodium_crypto_sign_publickey( $pair ) );
$other      = base64_encode( sodium_crypto_sign_publickey( sodium_crypto_sign_keypair() ) );
$key        = '8022-AB12-CD34-EF56-7QX2';
$site       = 'https://shop.example.com';
$sign       = function ( array $payload ) use ( $secret ) {
	$text = json_encode( $payload );
	return array( 'payload' => $text, 'signature' => base64_encode( sodium_crypto_sign_detached( $text, $secret ) ) );
};
$payload    = array(
	'v'                  => 1,
	'valid'              => true,
	'code'               => 'VALID',
	'license_key_sha256' => hash( 'sha256', $key ),
	'site_url'           => $site,
	'plugin_slug'        => 'my-plugin',
	'nonce'              => 'n1',
	'issued_at'          => '2026-11-23T06:00:00.000Z',
);
$signed     = $sign( $payload );
$C          = 'Plugin_Licensing_Client';

check( 'a genuine answer verifies', is_array( $C::verify_signed_answer( $signed, array( $public ), $key, $site, 'n1' ) ) );
check( 'the second pinned key (rotation) verifies', is_array( $C::verify_signed_answer( $signed, array( $other, $public ), $key, $site, 'n1' ) ) );
check( 'an unknown key does not verify', null === $C::verify_signed_answer( $signed, array( $other ), $key, $site, 'n1' ) );
check( 'a malformed key is skipped', null === $C::verify_signed_answer( $signed, array( 'not base64!' ), $key, $site, null ) );
$edited = $signed;
$edited['payload'] = str_replace( '"valid":true', '"valid":false', $edited['payload'] );
check( 'an edited payload does not verify', null === $C::verify_signed_answer( $edited, array( $public ), $key, $site, null ) );
$forged = $sign( array_merge( $payload, array( 'valid' => false ) ) );
$forged['payload'] = str_replace( '"valid":false', '"valid":true', $forged['payload'] );
check( 'a flipped verdict does not verify', null === $C::verify_signed_answer( $forged, array( $public ), $key, $site, null ) );
check( 'another key\'s answer is refused', null === $C::verify_signed_answer( $signed, array( $public ), '8022-ZZZZ-ZZZZ-ZZZZ-ZZZZ', $site, null ) );
check( 'another site\'s answer is refused', null === $C::verify_signed_answer( $signed, array( $public ), $key, 'https://other.example.com', null ) );
check( 'a replayed answer (other nonce) is refused', null === $C::verify_signed_answer( $signed, array( $public ), $key, $site, 'n2' ) );
check( 'no nonce asked: a stored answer verifies', is_array( $C::verify_signed_answer( $signed, array( $public ), $key, $site, null ) ) );
check( 'a short signature is refused', null === $C::verify_signed_answer( array( 'payload' => $signed['payload'], 'signature' => base64_encode( 'short' ) ), array( $public ), $key, $site, null ) );
check( 'a missing field is refused', null === $C::verify_signed_answer( array( 'payload' => $signed['payload'] ), array( $public ), $key, $site, null ) );
check( 'a non-array is refused', null === $C::verify_signed_answer( 'x', array( $public ), $key, $site, null ) );
check( 'the renewal link is the server\'s renewal page for the key', 'https://licences.example.com/renew?key=8022-AB12-CD34-EF56-7QX2' === $C::renew_url_for( 'https://licences.example.com/', $key, '' ) );
check( 'the server\'s own renewal link is kept', 'https://licences.example.com/renew?key=X' === $C::renew_url_for( 'https://licences.example.com', $key, 'https://licences.example.com/renew?key=X' ) );
check( 'a renewal link to another host is replaced', 'https://licences.example.com/renew?key=8022-AB12-CD34-EF56-7QX2' === $C::renew_url_for( 'https://licences.example.com', $key, 'https://evil.example.com/renew?key=X' ) );
$without_site = $sign( array_diff_key( $payload, array( 'site_url' => 1 ) ) );
check( 'a signed payload without site is refused', null === $C::verify_signed_answer( $without_site, array( $public ), $key, $site, null ) );
$verdict = $C::verify_signed_answer( $sign( array_merge( $payload, array( 'valid' => 'yes' ) ) ), array( $public ), $key, $site, null );
check( 'valid must be the boolean true', is_array( $verdict ) && false === $verdict['valid'] );

$now = strtotime( '2026-11-23T06:00:00Z' );
check( 'fresh answer is within grace', false === $C::is_past_grace( '2026-11-23T05:00:00Z', 7, $now ) );
check( '7 days old is within 7 days of grace', false === $C::is_past_grace( '2026-11-16T06:00:00Z', 7, $now ) );
check( '7 days and a second is past grace', true === $C::is_past_grace( '2026-11-16T05:59:59Z', 7, $now ) );
check( 'grace 0: any past answer is past grace', true === $C::is_past_grace( '2026-11-23T05:59:59Z', 0, $now ) );
check( 'a future date counts from now', false === $C::is_past_grace( '2030-01-01T00:00:00Z', 7, $now ) );
check( 'an unreadable date is past grace', true === $C::is_past_grace( 'yesterday-ish', 7, $now ) );

check( 'clean_key trims and upper-cases', '8022-AB12-CD34-EF56-7QX2' === $C::clean_key( "  8022-ab12-cd34-ef56-7qx2 \n" ) );
check( 'clean_key keeps only letters, digits, dashes', 'SCRIPT8022' === $C::clean_key( '<script>8022' ) );
check( 'mask_key hides the middle groups', '8022-AB12-****-****-7QX2' === $C::mask_key( '8022-AB12-CD34-EF56-7QX2' ) );

// The vendor's terms (issue 40): the screens' word in the vendor's spelling, the key example with its prefix, and what
// updates a licence includes read from the server's answer (plan, expiry), never a fixed promise.
check( 'american spelling says license', 'Your License key; two licenses' === $C::spell( 'Your Licence key; two licences', 'american' ) );
check( 'british spelling keeps licence', 'Your Licence key' === $C::spell( 'Your Licence key', 'british' ) );
check( 'spell changes only the word', 'licenced licencee' === $C::spell( 'licenced licencee', 'american' ) );
check( 'the key example has the vendor\'s prefix', 'SFP-XXXX-XXXX-XXXX-XXXX' === $C::key_placeholder( 'sfp' ) );
check( 'without a prefix the key example has five groups', 'XXXX-XXXX-XXXX-XXXX-XXXX' === $C::key_placeholder( '' ) );
$ymd = function ( $timestamp ) {
	return gmdate( 'j F Y', $timestamp );
};
check( 'a yearly licence: updates until its expiry, renewable', 'Updates until 28 November 2027, renewable' === $C::updates_text( array( 'plan' => 'pro_yearly', 'expires_at' => '2027-11-28T10:00:00.000Z' ), $ymd ) );
check( 'a lifetime licence: lifetime updates', 'Lifetime updates' === $C::updates_text( array( 'plan' => 'lifetime', 'expires_at' => null ), $ymd ) );
check( 'a licence without plan or expiry promises nothing', '' === $C::updates_text( array( 'plan' => 'trial', 'expires_at' => null ), $ymd ) );
check( 'no licence answered promises nothing', '' === $C::updates_text( null, $ymd ) );

echo "\nunit: $passed passed, $failed failed\n";
exit( $failed > 0 ? 1 : 0 );
