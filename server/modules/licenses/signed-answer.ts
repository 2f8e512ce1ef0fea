import type { SignedAnswer, ValidateResponse } from '../../../common/licenses.js';
import { sha256Hex } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';
import type { SigningKey } from '../signing/index.js';

export interface SignedValidationRequest {
  license_key: string;
  site_url?: string | undefined;
  plugin_slug?: string | undefined;
  nonce?: string | undefined;
}

/**
 * The validation answer signed for the WordPress client (docs/wordpress-client.md): the verdict bound to the
 * key (by hash, so the payload never carries it), the site and slug as sent, the client's nonce and the time,
 * so a cached answer can neither be edited, moved to another site, replayed to a fresh check nor kept forever.
 */
export function signValidationAnswer(key: SigningKey, request: SignedValidationRequest, answer: ValidateResponse, issuedAt = nowIso()): SignedAnswer {
  const payload = JSON.stringify({
    v: 1,
    valid: answer.valid,
    code: answer.code,
    license_key_sha256: sha256Hex(request.license_key),
    site_url: request.site_url ?? null,
    plugin_slug: request.plugin_slug ?? null,
    status: answer.license?.status ?? null,
    expires_at: answer.license?.expires_at ?? null,
    nonce: request.nonce ?? null,
    issued_at: issuedAt,
  });
  return { algorithm: 'ed25519', payload, signature: key.signMessage(Buffer.from(payload)) };
}
