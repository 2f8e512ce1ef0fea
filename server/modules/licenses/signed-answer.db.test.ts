import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense, revokeLicense } from './license-access.service.js';

const PLUGIN = 'postcode-delivery-zones';
const SITE = 'https://www.signed.example.com/';
let t: TestApp;
let publicKey = '';

beforeAll(async () => {
  t = await createTestApp();
  publicKey = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
});
afterAll(async () => t.close());

/** What wp_remote_post sends: form fields. */
const validate = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/licenses/validate',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const verifiesInNode = (payload: string, signature: string): boolean => {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey, 'base64')]);
  return verify(null, Buffer.from(payload), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(signature, 'base64'));
};

const verifiesInPhp = (payload: string, signature: string): boolean =>
  execFileSync(
    'php',
    [
      '-r',
      'echo sodium_crypto_sign_verify_detached(base64_decode($argv[1]), $argv[2], base64_decode($argv[3])) ? "yes" : "no";',
      signature,
      payload,
      publicKey,
    ],
    {
      encoding: 'utf8',
    },
  ) === 'yes';

describe(`signed validation answers (${testDialect()})`, () => {
  it('signs the verdict, bound to the key hash, the site and slug as sent, the nonce and the time; PHP sodium verifies it', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3 });
    await t.app.inject({ method: 'POST', url: '/api/v1/licenses/activate', payload: { license_key: license.key, site_url: SITE, plugin_slug: PLUGIN } });
    const response = await validate({ license_key: license.key, site_url: SITE, plugin_slug: PLUGIN, signed: '1', nonce: 'abc123' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ valid: boolean; signature: { algorithm: string; payload: string; signature: string } }>();
    expect(body.valid).toBe(true);
    expect(body.signature.algorithm).toBe('ed25519');
    expect(verifiesInNode(body.signature.payload, body.signature.signature)).toBe(true);
    expect(verifiesInPhp(body.signature.payload, body.signature.signature)).toBe(true);
    const payload = JSON.parse(body.signature.payload) as Record<string, unknown>;
    expect(payload).toMatchObject({
      v: 1,
      valid: true,
      code: 'VALID',
      license_key_sha256: createHash('sha256').update(license.key).digest('hex'),
      site_url: SITE.trim(),
      plugin_slug: PLUGIN,
      status: 'active',
      expires_at: null,
      nonce: 'abc123',
    });
    expect(JSON.stringify(payload)).not.toContain(license.key);
    expect(Math.abs(Date.parse(String(payload.issued_at)) - Date.now())).toBeLessThan(60_000);
    // One changed byte and it no longer verifies.
    expect(verifiesInNode(body.signature.payload.replace('"valid":true', '"valid":false'), body.signature.signature)).toBe(false);
  });

  it('signs refusals too, so a revoked licence cannot be edited back into a valid one', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3 });
    await revokeLicense(t.ctx, license.id);
    const body = (await validate({ license_key: license.key, site_url: SITE, signed: 'true' })).json<{
      code: string;
      signature: { payload: string; signature: string };
    }>();
    expect(body.code).toBe('REVOKED');
    expect(JSON.parse(body.signature.payload)).toMatchObject({ valid: false, code: 'REVOKED', status: 'revoked', nonce: null });
    expect(verifiesInNode(body.signature.payload, body.signature.signature)).toBe(true);
    const unknown = (await validate({ license_key: '8022-NONE-NONE-NONE-NONE', signed: '1' })).json<{ signature: { payload: string } }>();
    expect(JSON.parse(unknown.signature.payload)).toMatchObject({ valid: false, code: 'NOT_FOUND', status: null, site_url: null });
  });

  it('answers unsigned unless asked (the hot path signs nothing)', async () => {
    for (const signed of [undefined, '0', 'false']) {
      const body = (await validate({ license_key: '8022-NONE-NONE-NONE-NONE', ...(signed ? { signed } : {}) })).json<Record<string, unknown>>();
      expect(body.signature).toBeUndefined();
    }
  });

  it.each([
    [{ signed: 'maybe' }, 'signed'],
    [{ signed: '1', nonce: 'has space' }, 'nonce'],
    [{ signed: '1', nonce: 'x'.repeat(65) }, 'nonce'],
  ])('refuses %j with a 400 naming the field', async (fields, field) => {
    const response = await validate({ license_key: '8022-NONE-NONE-NONE-NONE', ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
  });
});
