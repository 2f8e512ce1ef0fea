// TOTP secrets are sealed at rest (AES-256-GCM, server/lib/secret-box.ts, the key that seals payment secrets;
// docs/secrets.md): a copy of the database alone gives no one a member's codes. A row written before sealing holds
// the plain base32 secret (which never contains a dot); it is still read, and sealed on its next use, and every
// server seals any left once when it starts (sealPlainTotpSecrets).
import type { Config } from '../../config.js';
import type { AppContext } from '../../kernel/context.js';
import { SecretBox } from '../../lib/secret-box.js';
import { nowIso } from '../../lib/time.js';
import * as repo from './team.repository.js';

const boxes = new WeakMap<Config, SecretBox>();

function box(config: Config): SecretBox {
  let found = boxes.get(config);
  if (!found) {
    found = new SecretBox({ SECRETS_KEY: config.SECRETS_KEY, SECRETS_KEY_PREVIOUS: config.SECRETS_KEY_PREVIOUS, dataDir: config.dataDir });
    boxes.set(config, found);
  }
  return found;
}

const isSealed = (stored: string): boolean => stored.startsWith('v1.');

/** The column's value for a new secret. */
export const sealTotpSecret = (ctx: AppContext, secret: string): string => box(ctx.config).seal(secret).sealed;

/**
 * The member's plain secret from the column: opened when sealed (and sealed again under the current key after a
 * rotation), read as is and sealed now when written before sealing. Null when no key of ours opens it.
 */
export async function openTotpSecret(ctx: AppContext, memberId: number, stored: string): Promise<string | null> {
  const secrets = box(ctx.config);
  if (!isSealed(stored)) {
    await repo.updateMember(ctx.db, memberId, { totp_secret: sealTotpSecret(ctx, stored) }, nowIso());
    return stored;
  }
  const plain = secrets.open({ sealed: stored });
  if (plain !== null && secrets.isStale({ sealed: stored })) await repo.updateMember(ctx.db, memberId, { totp_secret: sealTotpSecret(ctx, plain) }, nowIso());
  return plain;
}

/**
 * Seals every TOTP secret still stored in plain (rows from before sealing), once at start: a member who does not
 * sign in for months does not leave their secret readable meanwhile. Each row is replaced only while it still holds
 * the plain value, so instances starting together do not seal twice. Answers how many it sealed.
 */
export async function sealPlainTotpSecrets(ctx: AppContext): Promise<number> {
  const rows = await repo.listPlainTotpSecrets(ctx.db);
  let sealed = 0;
  for (const row of rows) {
    if (await repo.replaceTotpSecret(ctx.db, row.id, row.totp_secret, sealTotpSecret(ctx, row.totp_secret))) sealed += 1;
  }
  return sealed;
}
