import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';

function zipEntries(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

describe(`WordPress client page (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the snippet values: the browsed origin without a base URL, the signing key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/wordpress-client',
      headers: { ...(await t.adminHeaders()), host: 'shop.example.com' },
    });
    expect(response.statusCode).toBe(200);
    const info = response.json<{ server_url: string; public_key: string; library_version: string }>();
    expect(info.server_url).toBe('http://shop.example.com');
    const key = (await t.app.inject({ method: 'GET', url: '/api/v1/signing-key' })).json<{ public_key: string }>().public_key;
    expect(info.public_key).toBe(key);
    expect(info.library_version).toMatch(/^\d+\.\d+\.\d+$/);
    // The demo shop's spelling and key prefix, for the snippet (issue 40).
    expect(response.json()).toMatchObject({ spelling: 'british', license_key_prefix: '8022' });

    await t.ctx.settings.update({ base_url: 'https://licensing.example.com/' });
    const withBase = await t.app.inject({ method: 'GET', url: '/api/admin/wordpress-client', headers: await t.adminHeaders() });
    expect(withBase.json<{ server_url: string }>().server_url).toBe('https://licensing.example.com');
  });

  it('serves the library as a zip to drop into a plugin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/wordpress-client/download', headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = await zipEntries(response.rawPayload);
    expect(entries.get('lib/plugin-licensing-client.php')).toContain('class Plugin_Licensing_Client');
    // Every part the main file loads is in the zip, where it loads it from.
    const required = [...entries.get('lib/plugin-licensing-client.php')!.matchAll(/require_once __DIR__ \. '\/(plugin-licensing-client\/[^']+)'/g)].map(
      (m) => `lib/${m[1]}`,
    );
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(entries.get(name), name).toMatch(/^<\?php[\s\S]*trait Plugin_Licensing_Client_/);
  });

  it('is admin only', async () => {
    for (const url of ['/api/admin/wordpress-client', '/api/admin/wordpress-client/download']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
