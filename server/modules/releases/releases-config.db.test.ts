import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { SIGNING_KEY_FILE, rawPublicKey } from '../signing/index.js';

describe(`signing key from the environment and rate limits (${testDialect()})`, () => {
  let t: TestApp;
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  beforeAll(async () => {
    t = await createTestApp({ env: { SIGNING_PRIVATE_KEY: pem } });
  });
  afterAll(async () => t.close());

  it('publishes the public half of SIGNING_PRIVATE_KEY and writes no key file', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' });
    expect(response.json()).toEqual({ algorithm: 'ed25519', public_key: rawPublicKey(privateKey).toString('base64') });
    expect(fs.existsSync(path.join(t.config.dataDir, SIGNING_KEY_FILE))).toBe(false);
    expect(response.body).not.toContain('PRIVATE');
  });

  it('rate limits the update check per IP with the Settings value, read without a restart', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { rate_limit_per_minute: 2 } });
    expect(put.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/v1/plugins/postcode-delivery-zones/update', remoteAddress: '203.0.113.9' })).statusCode);
    }
    // No release exists in this database, so the first two are honest 404s; the third is refused.
    expect(statuses).toEqual([404, 404, 429]);
  });
});
