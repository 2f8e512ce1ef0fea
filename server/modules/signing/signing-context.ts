import type { Config } from '../../config.js';
import type { SettingsService } from '../settings/index.js';
import { loadSigningKey, SIGNING_KEY_SETTING, type SigningKey } from './signing-key.service.js';

/**
 * The app's signing key (ctx.signing, parsed once in server/services.ts), shared by the signing, releases and
 * licences modules: SIGNING_PRIVATE_KEY when set, else the key ensureSharedSecrets stored in the database.
 */
export function loadAppSigningKey(config: Pick<Config, 'SIGNING_PRIVATE_KEY'>, settings: SettingsService): SigningKey {
  if (config.SIGNING_PRIVATE_KEY) return loadSigningKey(config.SIGNING_PRIVATE_KEY);
  const stored = settings.getInternal(SIGNING_KEY_SETTING);
  if (typeof stored === 'string') return loadSigningKey(stored, 'the stored signing key');
  throw new Error('The signing key is not loaded (ensureSharedSecrets runs before the app is built)');
}
