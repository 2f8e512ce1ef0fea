import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Download tokens: `<payload>.<mac>`, both base64url; the payload names the licence, the release and the
 * expiry (seconds). The HMAC-SHA256 key is a server secret kept in DATA_DIR, so links survive restarts.
 */
export interface DownloadClaims {
  licenseId: number;
  releaseId: number;
  expiresAt: number; // unix seconds
}

export const DOWNLOAD_SECRET_FILE = 'download-token.secret';
export const DEFAULT_DOWNLOAD_TTL_SECONDS = 24 * 60 * 60;

const secrets = new Map<string, Buffer>();

export function downloadSecret(dataDir: string): Buffer {
  const cached = secrets.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, DOWNLOAD_SECRET_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  secrets.set(dataDir, secret);
  return secret;
}

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function signDownloadToken(secret: Buffer, claims: DownloadClaims): string {
  const payload = Buffer.from(JSON.stringify({ l: claims.licenseId, r: claims.releaseId, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type TokenCheck = { ok: true; claims: DownloadClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyDownloadToken(secret: Buffer, token: string, nowSeconds = Math.floor(Date.now() / 1000)): TokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { l, r, e } = (parsed ?? {}) as { l?: unknown; r?: unknown; e?: unknown };
  if (!Number.isSafeInteger(l) || !Number.isSafeInteger(r) || !Number.isSafeInteger(e)) return { ok: false, reason: 'invalid' };
  if ((e as number) <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { licenseId: l as number, releaseId: r as number, expiresAt: e as number } };
}
