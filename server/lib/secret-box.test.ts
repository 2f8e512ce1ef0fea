import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecretKey, SecretBox, SECRETS_KEY_FILE } from './secret-box.js';

const key = () => randomBytes(32).toString('base64');
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pls-secret-box-'));

describe('SecretBox (AES-256-GCM, issue 41)', () => {
  it('seals with a fresh IV each time and opens only with its key', () => {
    const box = new SecretBox({ SECRETS_KEY: key(), dataDir: tempDir() });
    const a = box.seal('sk_live_abc');
    const b = box.seal('sk_live_abc');
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.sealed).not.toContain('sk_live_abc');
    expect(box.open(a)).toBe('sk_live_abc');
    expect(new SecretBox({ SECRETS_KEY: key(), dataDir: tempDir() }).open(a)).toBeNull();
  });

  it('refuses a tampered value', () => {
    const box = new SecretBox({ SECRETS_KEY: key(), dataDir: tempDir() });
    const parts = box.seal('whsec_value').sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(box.open({ sealed: parts.join('.') })).toBeNull();
  });

  it('makes DATA_DIR/secrets.key once (mode 0600) and reads it again', () => {
    const dir = tempDir();
    const sealed = new SecretBox({ dataDir: dir }).seal('smtp-password');
    expect(fs.statSync(path.join(dir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(new SecretBox({ dataDir: dir }).open(sealed)).toBe('smtp-password');
  });

  it('opens values sealed under SECRETS_KEY_PREVIOUS after a rotation, and tells them stale', () => {
    const [oldKey, newKey] = [key(), key()];
    const sealed = new SecretBox({ SECRETS_KEY: oldKey, dataDir: tempDir() }).seal('sk_test_x');
    const rotated = new SecretBox({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey, dataDir: tempDir() });
    expect(rotated.open(sealed)).toBe('sk_test_x');
    expect(rotated.isStale(sealed)).toBe(true);
    expect(rotated.isStale(rotated.seal('sk_test_x'))).toBe(false);
  });

  it('takes 32 bytes in base64 or hex, and names the variable otherwise', () => {
    expect(parseSecretKey(randomBytes(32).toString('hex'), 'SECRETS_KEY')).toHaveLength(32);
    expect(() => parseSecretKey('short', 'SECRETS_KEY')).toThrow(/SECRETS_KEY must be 32 random bytes/);
  });
});
