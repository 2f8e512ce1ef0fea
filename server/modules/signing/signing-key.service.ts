import fs from 'node:fs';
import path from 'node:path';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { tightenFile } from '../../lib/private-files.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { insertSettingIfAbsent, readSetting } from '../settings/index.js';

/**
 * The release-signing key: Ed25519, as WordPress core's verify_file_signature() expects. Every instance on a
 * database signs with the same key: SIGNING_PRIVATE_KEY (PEM), or else a key generated once and kept in the
 * settings table (never answered by the settings API). The private key never leaves the server.
 */
export interface SigningKey {
  /** Base64 of the raw 32-byte public key: the form WordPress's wp_trusted_keys filter takes. */
  publicKeyBase64: string;
  /** Base64 Ed25519 signature over a raw SHA-384 digest (48 bytes). */
  signDigest(digest: Buffer): string;
  /** Base64 Ed25519 signature over any bytes (signed validation answers). */
  signMessage(message: Buffer): string;
}

/** Where versions before the database-kept key stored it; an upgrade carries it over, so sites keep trusting it. */
export const SIGNING_KEY_FILE = 'signing-ed25519.pem';
export const SIGNING_KEY_SETTING = 'signing_private_key';

export const generateSigningKeyPem = (): string => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/**
 * Makes sure the database holds a signing key unless SIGNING_PRIVATE_KEY is set: the DATA_DIR file's key on
 * an upgrade, a new one otherwise; instances starting together keep whichever was stored first.
 */
export async function ensureSigningKey(db: Database, config: Pick<Config, 'SIGNING_PRIVATE_KEY' | 'dataDir'>): Promise<void> {
  if (config.SIGNING_PRIVATE_KEY || typeof (await readSetting(db, SIGNING_KEY_SETTING)) === 'string') return;
  const file = path.join(config.dataDir, SIGNING_KEY_FILE);
  let pem: string;
  if (fs.existsSync(file)) {
    // A key written by an older version or copied in may be readable by others.
    tightenFile(file);
    pem = fs.readFileSync(file, 'utf8');
  } else {
    pem = generateSigningKeyPem();
  }
  await insertSettingIfAbsent(db, SIGNING_KEY_SETTING, pem);
}

function parsePrivateKey(pem: string, source: string): KeyObject {
  const key = createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${source}: must be an Ed25519 private key in PEM`);
  return key;
}

/** The raw 32 bytes of an Ed25519 public key: the last 32 bytes of its SPKI DER encoding. */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32);
}

/** The key from its PEM (SIGNING_PRIVATE_KEY may carry its line breaks as a literal backslash-n). */
export function loadSigningKey(pem: string, source = 'SIGNING_PRIVATE_KEY'): SigningKey {
  const privateKey = parsePrivateKey(pem, source);
  return {
    publicKeyBase64: rawPublicKey(privateKey).toString('base64'),
    signDigest: (digest) => sign(null, digest, privateKey).toString('base64'),
    signMessage: (message) => sign(null, message, privateKey).toString('base64'),
  };
}

/** SHA-384 of a whole buffer (the upload path hashes while streaming instead). */
export const sha384 = (data: Buffer): Buffer => createHash('sha384').update(data).digest();
