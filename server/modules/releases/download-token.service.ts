import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { SettingsService } from '../settings/index.js';
import { insertSettingIfAbsent, readSetting } from '../settings/index.js';

/**
 * Download tokens: `<payload>.<mac>`, both base64url; the payload names the licence, the release and the
 * expiry (seconds). The HMAC-SHA256 key is shared by every instance on the database: DOWNLOAD_SECRET, or
 * else 32 random bytes generated once and kept in the settings table (never answered by the settings API).
 */
export interface DownloadClaims {
  licenseId: number;
  releaseId: number;
  expiresAt: number; // unix seconds
}

/** Where versions before the database-kept secret stored it; its value is carried over so old links keep working. */
export const DOWNLOAD_SECRET_FILE = 'download-token.secret';
export const DOWNLOAD_SECRET_SETTING = 'download_token_secret';
export const DEFAULT_DOWNLOAD_TTL_SECONDS = 24 * 60 * 60;

/**
 * Makes sure the database holds a download secret unless DOWNLOAD_SECRET is set: the DATA_DIR file's value on
 * an upgrade, 32 random bytes otherwise; instances starting together keep whichever was stored first.
 */
export async function ensureDownloadSecret(db: Database, config: Pick<Config, 'DOWNLOAD_SECRET' | 'dataDir'>): Promise<void> {
  if (config.DOWNLOAD_SECRET || typeof (await readSetting(db, DOWNLOAD_SECRET_SETTING)) === 'string') return;
  const file = path.join(config.dataDir, DOWNLOAD_SECRET_FILE);
  const fromFile = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  await insertSettingIfAbsent(db, DOWNLOAD_SECRET_SETTING, fromFile || randomBytes(32).toString('base64'));
}

const decoded = new Map<string, Buffer>();

/** The HMAC key: DOWNLOAD_SECRET's bytes, or the stored secret (base64) that ensureDownloadSecret made sure of. */
export function downloadSecret(ctx: { config: Pick<Config, 'DOWNLOAD_SECRET'>; settings: SettingsService }): Buffer {
  if (ctx.config.DOWNLOAD_SECRET) return Buffer.from(ctx.config.DOWNLOAD_SECRET, 'utf8');
  const stored = ctx.settings.getInternal(DOWNLOAD_SECRET_SETTING);
  if (typeof stored !== 'string') throw new Error('The download secret is not loaded (ensureSharedSecrets runs before the app is built)');
  let secret = decoded.get(stored);
  if (!secret) {
    secret = Buffer.from(stored, 'base64');
    decoded.set(stored, secret);
  }
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
