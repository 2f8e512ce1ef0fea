import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { ensureDownloadSecret } from '../releases/download-token.service.js';
import { ensureSigningKey } from '../signing/signing-key.service.js';

/**
 * Secrets every instance on one database must share (docs/deploy.md): the download-link key and the
 * release-signing key. Each comes from its environment variable, or else is stored once in the settings table
 * (insert-if-absent, carrying over an older version's DATA_DIR file). Runs before the settings are loaded.
 */
export async function ensureSharedSecrets(db: Database, config: Config): Promise<void> {
  await ensureDownloadSecret(db, config);
  await ensureSigningKey(db, config);
}
