import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { SettingsService } from '../settings/index.js';
import { hashPassword, randomToken, safeEqual, sha256Hex, verifyPassword } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';
import { AppError } from '../../lib/errors.js';
import * as sessions from './auth.repository.js';
import { readSetting } from '../settings/index.js';

export interface SessionOrigin {
  ip?: string;
  userAgent?: string;
}

export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Makes sure an admin password exists. ADMIN_PASSWORD, when given, is the password; otherwise one is
   * generated on first start and answered so the caller can print it once.
   */
  async ensureAdminPassword(fromEnvironment: string | undefined): Promise<{ generated: string | null }> {
    const stored = await readSetting(this.db, 'admin_password_hash');
    if (fromEnvironment) {
      if (typeof stored !== 'string' || !(await verifyPassword(fromEnvironment, stored))) {
        await this.settings.setInternal({ admin_password_hash: await hashPassword(fromEnvironment) });
      }
      return { generated: null };
    }
    if (typeof stored === 'string') return { generated: null };
    const generated = randomBytes(12).toString('base64url');
    await this.settings.setInternal({ admin_password_hash: await hashPassword(generated) });
    return { generated };
  }

  async setPassword(password: string): Promise<void> {
    if (password.trim().length < 10) throw new AppError('BAD_REQUEST', 'The new password must be at least 10 characters');
    await this.settings.setInternal({ admin_password_hash: await hashPassword(password) });
    await sessions.deleteAllSessions(this.db);
  }

  // The password and API-token hashes are read from the database on every check, never from the settings
  // cache: `npm run admin:password` (another process) or another instance may have changed them. Both checks
  // are rare next to the machine API, and the read is one primary-key lookup.
  async checkPassword(password: string): Promise<boolean> {
    const stored = await readSetting(this.db, 'admin_password_hash');
    return typeof stored === 'string' && verifyPassword(password, stored);
  }

  async login(password: string, origin: SessionOrigin = {}): Promise<{ token: string; expiresAt: string }> {
    if (!(await this.checkPassword(password))) throw new AppError('UNAUTHORIZED', 'Invalid password');
    return this.openSession(null, origin);
  }

  /** Opens a session for the owner (null) or a staff member whose sign-in the team module has checked. */
  async openSession(memberId: number | null, origin: SessionOrigin = {}): Promise<{ token: string; expiresAt: string }> {
    const token = randomToken();
    const now = nowIso();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS).toISOString();
    await sessions.deleteExpiredSessions(this.db, now);
    await sessions.insertSession(this.db, {
      tokenHash: sha256Hex(token),
      expiresAt,
      createdAt: now,
      memberId,
      ip: origin.ip ?? null,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /** The live session the token names (read from the database each time: another instance may end it), else null. */
  async findSession(token: string | undefined): Promise<{ id: number; expiresAt: string; memberId: number | null } | null> {
    if (!token) return null;
    const session = await sessions.findSessionByHash(this.db, sha256Hex(token));
    if (!session || session.expires_at <= nowIso()) return null;
    return { id: session.id, expiresAt: session.expires_at, memberId: session.member_id };
  }

  /** The session's expiry when the token names a live session, else null. */
  async verifySession(token: string | undefined): Promise<string | null> {
    return (await this.findSession(token))?.expiresAt ?? null;
  }

  /** Live sessions of one person (null: the owner) or of everyone (undefined). */
  listSessions(memberId?: number | null) {
    return sessions.listSessions(this.db, nowIso(), memberId);
  }

  /** Ends a session, limited to one person's when `memberId` is given (null: the owner's). */
  endSession(id: number, memberId?: number | null): Promise<boolean> {
    return sessions.deleteSessionById(this.db, id, memberId);
  }

  /** Ends every session of a member: the next request of each, on any instance, is signed out. */
  endSessionsOfMember(memberId: number): Promise<void> {
    return sessions.deleteSessionsOfMember(this.db, memberId);
  }

  /** When the live session the token names was signed in (a recent sign-in may change secrets), else null. */
  async sessionSignedInAt(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    const session = await sessions.findSessionByHash(this.db, sha256Hex(token));
    return session && session.expires_at > nowIso() ? session.created_at : null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await sessions.deleteSessionByHash(this.db, sha256Hex(token));
  }

  async verifyApiToken(token: string): Promise<boolean> {
    const stored = await readSetting(this.db, 'api_token_hash');
    return typeof stored === 'string' && safeEqual(sha256Hex(token), stored);
  }

  async rotateApiToken(): Promise<{ token: string; created_at: string }> {
    const token = `pls_${randomToken()}`;
    const createdAt = nowIso();
    await this.settings.setInternal({ api_token_hash: sha256Hex(token), api_token_created_at: createdAt });
    return { token, created_at: createdAt };
  }
}
