import fs from 'node:fs';
import path from 'node:path';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenFile } from '../../lib/private-files.js';

/**
 * The release-signing key: Ed25519, as WordPress core's verify_file_signature() expects. The private key
 * lives in DATA_DIR (or SIGNING_PRIVATE_KEY, PEM, so several servers can share one) and never leaves here.
 */
export interface SigningKey {
  /** Base64 of the raw 32-byte public key: the form WordPress's wp_trusted_keys filter takes. */
  publicKeyBase64: string;
  /** Base64 Ed25519 signature over a raw SHA-384 digest (48 bytes). */
  signDigest(digest: Buffer): string;
  /** Base64 Ed25519 signature over any bytes (signed validation answers). */
  signMessage(message: Buffer): string;
}

export const SIGNING_KEY_FILE = 'signing-ed25519.pem';

function readOrCreatePrivateKey(dataDir: string, fromEnv: string | undefined): KeyObject {
  if (fromEnv) {
    const key = createPrivateKey(fromEnv.replace(/\\n/g, '\n'));
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('SIGNING_PRIVATE_KEY: must be an Ed25519 private key in PEM');
    return key;
  }
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (fs.existsSync(file)) {
    // A key written by an older version or copied in may be readable by others.
    tightenFile(file);
    return createPrivateKey(fs.readFileSync(file, 'utf8'));
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // 'wx' so two processes starting together never overwrite each other's key.
  try {
    fs.writeFileSync(file, pem, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return createPrivateKey(fs.readFileSync(file, 'utf8'));
  }
  return privateKey;
}

/** The raw 32 bytes of an Ed25519 public key: the last 32 bytes of its SPKI DER encoding. */
export function rawPublicKey(key: KeyObject): Buffer {
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32);
}

export function loadSigningKey(dataDir: string, fromEnv?: string): SigningKey {
  const privateKey = readOrCreatePrivateKey(dataDir, fromEnv);
  return {
    publicKeyBase64: rawPublicKey(privateKey).toString('base64'),
    signDigest: (digest) => sign(null, digest, privateKey).toString('base64'),
    signMessage: (message) => sign(null, message, privateKey).toString('base64'),
  };
}

/** SHA-384 of a whole buffer (the upload path hashes while streaming instead). */
export const sha384 = (data: Buffer): Buffer => createHash('sha384').update(data).digest();
