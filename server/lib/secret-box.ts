import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Provider secrets saved in the admin (Stripe, Lemon Squeezy, SMTP) are stored sealed with AES-256-GCM under a
// key that never enters the database (docs/secrets.md): SECRETS_KEY from the environment (32 bytes, base64 or
// hex), else the file DATA_DIR/secrets.key, made on first use. SECRETS_KEY_PREVIOUS opens values sealed before a
// rotation; every save seals under the current key.

/** A sealed value as stored in the settings table: `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). */
export interface SealedSecret {
  sealed: string;
}

export const SECRETS_KEY_FILE = 'secrets.key';
const VERSION = 'v1';

export class SecretKeyError extends Error {}

export interface SecretKeySource {
  SECRETS_KEY?: string;
  SECRETS_KEY_PREVIOUS?: string;
  dataDir: string;
}

/** 32 bytes from base64 (44 characters) or hex (64); anything else is refused, naming the variable. */
export function parseSecretKey(value: string, name: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new SecretKeyError(`${name} must be 32 random bytes in base64 or hex (e.g. openssl rand -base64 32)`);
  return key;
}

/** A short, non-secret name of a key, stored with each value so a value sealed under another key is recognised. */
const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('base64url').slice(0, 8);

export class SecretBox {
  private keys: Buffer[] | undefined;

  constructor(private readonly source: SecretKeySource) {}

  /** The current key first, then the previous one; read (or the file made) on first use. */
  private loadKeys(): Buffer[] {
    if (this.keys) return this.keys;
    const current = this.source.SECRETS_KEY ? parseSecretKey(this.source.SECRETS_KEY, 'SECRETS_KEY') : this.keyFromFile();
    const previous = this.source.SECRETS_KEY_PREVIOUS ? [parseSecretKey(this.source.SECRETS_KEY_PREVIOUS, 'SECRETS_KEY_PREVIOUS')] : [];
    this.keys = [current, ...previous];
    return this.keys;
  }

  private keyFromFile(): Buffer {
    const file = path.join(this.source.dataDir, SECRETS_KEY_FILE);
    try {
      return parseSecretKey(fs.readFileSync(file, 'utf8'), file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    fs.mkdirSync(this.source.dataDir, { recursive: true });
    // `wx`: two processes starting together keep whichever file was written first.
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return parseSecretKey(fs.readFileSync(file, 'utf8'), file);
  }

  seal(plain: string): SealedSecret {
    const [key] = this.loadKeys() as [Buffer];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return { sealed: [VERSION, keyId(key), ...parts].join('.') };
  }

  /** The plain value, or null when no key of ours sealed it (another instance's key, a tampered value). */
  open(value: SealedSecret): string | null {
    const [version, id, iv, tag, body] = value.sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) return null;
    const key = this.loadKeys().find((candidate) => keyId(candidate) === id);
    if (!key) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** Whether a sealed value was sealed under a key other than the current one (to be sealed again). */
  isStale(value: SealedSecret): boolean {
    const [current] = this.loadKeys() as [Buffer];
    return value.sealed.split('.')[1] !== keyId(current);
  }
}

export const isSealedSecret = (value: unknown): value is SealedSecret =>
  typeof value === 'object' && value !== null && typeof (value as { sealed?: unknown }).sealed === 'string';
