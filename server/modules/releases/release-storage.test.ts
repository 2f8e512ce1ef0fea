import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { FileTooLargeError, removeStalePartials, storeUpload } from './release-storage.js';
import { checkPluginZip } from './plugin-zip.js';
import { makePluginZip } from '../../test/release-test-helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-release-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('release storage', () => {
  it('stops at the limit and removes the partial file', async () => {
    const source = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(storeUpload(source, dir, 1000)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('stores exactly the bytes and tells a zip from other bytes', async () => {
    const zip = await makePluginZip('demo', '1.0.0');
    const stored = await storeUpload(Readable.from([zip]), dir, 1_000_000);
    expect(fs.readFileSync(stored.file).equals(zip)).toBe(true);
    expect((await checkPluginZip(stored.file, 'demo', '1.0.0')).ok).toBe(true);
    const text = await storeUpload(Readable.from([Buffer.from('hello')]), dir, 1_000_000);
    expect(await checkPluginZip(text.file, 'demo', '1.0.0')).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('removes only partial uploads older than the cut-off', () => {
    const old = path.join(dir, '.upload-old.part');
    const fresh = path.join(dir, '.upload-fresh.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, hourAgo, hourAgo);
    expect(removeStalePartials(dir)).toBe(1);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
  });
});
