import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import type { Database } from './db/database.js';
import { generateSigningKeyPem, SIGNING_KEY_FILE } from './modules/signing/index.js';
import { openDatabase } from './startup.js';
import { readSetting } from './modules/settings/index.js';
import { createTestDatabase, testDialect, type TestDatabase } from './test/test-app.js';

// What a start does to DATA_DIR: everything there (database, signing key, uploads, release zips) becomes the
// server user's alone, including what an older version left readable by others.
describe(`start: DATA_DIR is owner-only (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let umask: number;
  const mode = (...parts: string[]) => fs.statSync(path.join(testDb.dataDir, ...parts)).mode & 0o777;

  beforeAll(async () => {
    umask = process.umask(0o022);
    testDb = await createTestDatabase();
    const dataDir = testDb.dataDir;
    // As an older version left it: folders 0755, files 0644.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'releases'));
    fs.writeFileSync(path.join(dataDir, 'releases', 'old-1.0.0.zip'), 'zip');
    fs.mkdirSync(path.join(dataDir, 'images'));
    fs.writeFileSync(path.join(dataDir, 'images', 'a.png'), 'png');
    fs.writeFileSync(path.join(dataDir, SIGNING_KEY_FILE), generateSigningKeyPem());
    fs.chmodSync(path.join(dataDir, SIGNING_KEY_FILE), 0o644);
    if (testDb.target.dialect === 'sqlite') fs.writeFileSync(testDb.target.file, '', { mode: 0o644 });

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
    config.database = testDb.target;
    db = await openDatabase(config);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
    process.umask(umask);
  });

  it('an empty shop (SEED_DEMO=false) sells from its first release: the demo minimum 1.7.51 is not its', async () => {
    expect(await readSetting(db, 'min_release_version')).toBe('0.0.0');
  });

  it('tightens what was there: folders 0700, files 0600', () => {
    expect(mode()).toBe(0o700);
    expect(mode('releases')).toBe(0o700);
    expect(mode('images')).toBe(0o700);
    expect(mode('releases', 'old-1.0.0.zip')).toBe(0o600);
    expect(mode('images', 'a.png')).toBe(0o600);
    expect(mode(SIGNING_KEY_FILE)).toBe(0o600);
    if (testDb.target.dialect === 'sqlite') expect(mode(path.basename(testDb.target.file))).toBe(0o600);
  });

  it('creates files owner-only from then on (a new release zip, the signing key)', () => {
    fs.writeFileSync(path.join(testDb.dataDir, 'releases', 'new-2.0.0.zip'), 'zip');
    fs.mkdirSync(path.join(testDb.dataDir, 'new-folder'));
    expect(mode('releases', 'new-2.0.0.zip')).toBe(0o600);
    expect(mode('new-folder')).toBe(0o700);
    fs.rmSync(path.join(testDb.dataDir, SIGNING_KEY_FILE));
    fs.writeFileSync(path.join(testDb.dataDir, SIGNING_KEY_FILE), generateSigningKeyPem());
    expect(mode(SIGNING_KEY_FILE)).toBe(0o600);
  });
});
