// The signed unsubscribe link of a reminder: `<licence id>.<mac>`, the mac an HMAC-SHA256 of the id under a key
// derived from the shared download secret (server/modules/releases/download-token.service.ts), so every instance
// on the database accepts it and it cannot be made for another licence. It does not expire: an old e-mail's
// link still works.
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../kernel/context.js';
import { safeEqual } from '../../lib/crypto.js';
import { downloadSecret } from '../releases/index.js';

const unsubscribeKey = (ctx: AppContext): Buffer => createHmac('sha256', downloadSecret(ctx)).update('renewal-reminders:unsubscribe').digest();

const mac = (key: Buffer, licenseId: number): string => createHmac('sha256', key).update(`unsubscribe:${licenseId}`).digest('base64url');

export function signUnsubscribeToken(ctx: AppContext, licenseId: number): string {
  return `${licenseId}.${mac(unsubscribeKey(ctx), licenseId)}`;
}

/** The licence id the token names, or null when it is not one of ours. */
export function verifyUnsubscribeToken(ctx: AppContext, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const licenseId = Number(match[1]);
  if (licenseId > 2_147_483_647) return null;
  return safeEqual(mac(unsubscribeKey(ctx), licenseId), match[2]!) ? licenseId : null;
}
